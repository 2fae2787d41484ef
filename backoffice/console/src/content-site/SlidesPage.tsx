/**
 * Home slides and pushes (`#/content-slides`: the `slider` resource, kind slide or push), published on save: each
 * listed with its audiences and place, edited in a dialog (only the changed fields are sent, from the version it
 * was read at), with a link to its history.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  MenuItem as Option,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useCanAccess, useNotify } from 'react-admin';
import { api, fieldErrors } from '../api/client.ts';
import { failureMessage } from '../ui/use-submit.ts';
import { HistoryLink } from './HistoryLink.tsx';
import { changeSlide, createSlide, listSlides } from './slide-calls.ts';
import {
  AUDIENCE_NAMES,
  slideChanges,
  slideCreate,
  slideForm,
  type Slide,
  type SlideFormValues,
} from './slides.ts';

const KINDS = [
  { id: 'slide', name: 'Home slide', plural: 'Home slides' },
  { id: 'push', name: 'Home push', plural: 'Home pushes' },
] as const;

/** A field error of the API (`cover.url`) under the form's input (`picture`). */
function formErrors(byField: Record<string, string>): Record<string, string> {
  const renamed: Record<string, string> = {};
  for (const [field, message] of Object.entries(byField)) {
    const name = field === 'cover.url' ? 'picture' : field === 'cover.alt' ? 'alt' : field;
    renamed[name] = message;
  }
  return renamed;
}

function SlideDialog({
  slide,
  kind,
  onClose,
  onSaved,
}: {
  slide?: Slide;
  kind: Slide['kind'];
  onClose: () => void;
  onSaved: (slide: Slide) => void;
}) {
  const notify = useNotify();
  const [values, setValues] = useState<SlideFormValues>(() => slideForm(slide, kind));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const text = (field: keyof SlideFormValues, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => setValues((before) => ({ ...before, [field]: event.target.value }))}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      {...extra}
    />
  );
  async function save() {
    if (!values.trade && !values.diy) {
      setErrors({ audiences: 'Choose at least one audience' });
      return;
    }
    setSaving(true);
    try {
      onSaved(
        slide
          ? await changeSlide(api, slide, slideChanges(values, slide))
          : await createSlide(api, slideCreate(values)),
      );
    } catch (failure) {
      const byField = fieldErrors(failure);
      if (byField) setErrors(formErrors(byField));
      else notify(failureMessage(failure), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="slide-dialog" fullWidth maxWidth="sm">
      <DialogTitle id="slide-dialog">{slide ? `Edit “${slide.titre}”` : 'New slide or push'}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="slide-form"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {text('kind', 'Kind', {
            select: true,
            children: KINDS.map((k) => (
              <Option key={k.id} value={k.id}>
                {k.name}
              </Option>
            )),
          })}
          {text('titre', 'Title', { required: true })}
          {text('text', 'Text', { multiline: true, minRows: 2 })}
          {text('label_link', 'Button text')}
          {text('url', 'Button address', { helperText: errors.url ?? 'https://… or a path of this site' })}
          {text('picture', 'Picture address', {
            required: true,
            helperText: errors.picture ?? 'Such as /api/v1/media/… (from the media library)',
          })}
          {text('alt', 'Picture description')}
          {text('position', 'Place', { type: 'number', helperText: 'Lower first' })}
          <FormGroup row aria-label="Audiences">
            {(['trade', 'diy'] as const).map((field) => (
              <FormControlLabel
                key={field}
                label={field === 'trade' ? 'Trade' : 'DIY'}
                control={
                  <Checkbox
                    checked={values[field]}
                    onChange={(event) =>
                      setValues((before) => ({ ...before, [field]: event.target.checked }))
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {(errors.audiences ?? '') && <Alert severity="error">{errors.audiences}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="slide-form" variant="contained" disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function SlidesPage() {
  const notify = useNotify();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'content-slides', action: 'edit' });
  const [slides, setSlides] = useState<Slide[]>();
  const [failure, setFailure] = useState<string>();
  const [editing, setEditing] = useState<{ slide?: Slide; kind: Slide['kind'] }>();

  const load = useCallback(async () => {
    try {
      setSlides(await listSlides(api));
      setFailure(undefined);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Box>
      <Title title="Home slides and pushes" />
      {failure && <Alert severity="error">{failure}</Alert>}
      {!slides && !failure && <Typography>Loading the slides…</Typography>}
      {slides &&
        KINDS.map(({ id: kind, name, plural }) => (
          <Card key={kind} sx={{ mb: 2 }}>
            <CardContent>
              <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
                  {plural}
                </Typography>
                {canWrite && (
                  <Button variant="contained" onClick={() => setEditing({ kind })}>
                    New {name.toLowerCase()}
                  </Button>
                )}
              </Stack>
              <ul aria-label={plural} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {slides
                  .filter((slide) => slide.kind === kind)
                  .map((slide) => (
                    <li key={slide.id}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5 }}>
                        <Box sx={{ flex: 1 }}>
                          <Typography component="span">{slide.titre}</Typography>{' '}
                          <Typography component="span" variant="body2" color="text.secondary">
                            {slide.audiences.map((a) => AUDIENCE_NAMES[a] ?? a).join(' and ')} · place{' '}
                            {slide.position}
                          </Typography>
                        </Box>
                        {canWrite && (
                          <Button
                            size="small"
                            aria-label={`Edit ${slide.titre}`}
                            onClick={() => setEditing({ slide, kind })}
                          >
                            Edit
                          </Button>
                        )}
                        <HistoryLink resource="slider" id={slide.id} name={slide.titre} />
                      </Stack>
                    </li>
                  ))}
              </ul>
            </CardContent>
          </Card>
        ))}
      {editing && (
        <SlideDialog
          {...editing}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            notify(`${saved.titre} saved: live after the next build`, { type: 'success' });
            void load();
          }}
        />
      )}
    </Box>
  );
}
