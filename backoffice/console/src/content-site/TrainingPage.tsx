/**
 * Training dates (`#/content-training`), published on save: every session with its start (UK time), location and
 * places left; a session is edited in a dialog from the version read when it opens (only the changed fields are
 * sent; places never go below the participants already registered: the back-office refuses it and says so under
 * the field), added, and linked to its history.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useCanAccess, useNotify } from 'react-admin';
import { api, fieldErrors } from '../api/client.ts';
import { ukDateTime } from '../dates.ts';
import { failureMessage } from '../ui/use-submit.ts';
import { HistoryLink } from './HistoryLink.tsx';
import {
  changeTrainingSession,
  createTrainingSession,
  listTrainingSessions,
  oneTrainingSession,
  type StaffTrainingSession,
  type TrainingSessionFields,
} from './training-calls.ts';
import { isoFromUkLocal, ukLocalInput } from './uk-time.ts';

interface FormValues {
  title: string;
  location: string;
  starts: string;
  places: string;
}

function SessionDialog({
  session,
  onClose,
  onSaved,
}: {
  session?: StaffTrainingSession;
  onClose: () => void;
  onSaved: (session: StaffTrainingSession) => void;
}) {
  const notify = useNotify();
  const [values, setValues] = useState<FormValues>({
    title: session?.title ?? '',
    location: session?.location ?? '',
    starts: session ? ukLocalInput(session.starts_on) : '',
    places: String(session?.places ?? 10),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const text = (field: keyof FormValues, label: string, extra: object = {}) => (
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
    const starts = isoFromUkLocal(values.starts);
    if (!starts) {
      setErrors({ starts: 'Choose a date and a time' });
      return;
    }
    const fields: TrainingSessionFields = {
      title: values.title.trim(),
      location: values.location.trim(),
      starts_on: starts,
      places: Number(values.places),
    };
    const changes = session
      ? Object.fromEntries(
          Object.entries(fields).filter(([key, value]) =>
            key === 'starts_on'
              ? Date.parse(value as string) !== Date.parse(session.starts_on)
              : value !== session[key as keyof TrainingSessionFields],
          ),
        )
      : fields;
    setSaving(true);
    try {
      onSaved(
        session
          ? await changeTrainingSession(api, session, changes)
          : await createTrainingSession(api, fields),
      );
    } catch (failure) {
      const byField = fieldErrors(failure);
      if (byField) setErrors({ ...byField, starts: byField.starts_on ?? '' });
      else notify(failureMessage(failure), { type: 'error' });
    } finally {
      setSaving(false);
    }
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="training-dialog" fullWidth maxWidth="sm">
      <DialogTitle id="training-dialog">
        {session ? `Edit ${session.title}` : 'New training session'}
      </DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="training-form"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {text('title', 'Course', { required: true })}
          {text('location', 'Location', { required: true })}
          {text('starts', 'Starts (UK time)', {
            type: 'datetime-local',
            required: true,
            slotProps: { inputLabel: { shrink: true } },
            helperText: errors.starts || 'Registration closes 15 days before',
          })}
          {text('places', 'Places', {
            type: 'number',
            required: true,
            slotProps: { htmlInput: { min: session?.places_taken ?? 0 } },
            helperText:
              errors.places ??
              (session ? `${session.places_taken} already taken: places cannot go below that` : undefined),
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="training-form" variant="contained" disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Listed = Awaited<ReturnType<typeof listTrainingSessions>>[number];

export default function TrainingPage() {
  const notify = useNotify();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'content-training', action: 'edit' });
  const [sessions, setSessions] = useState<Listed[]>();
  const [failure, setFailure] = useState<string>();
  const [editing, setEditing] = useState<{ session?: StaffTrainingSession }>();

  const load = useCallback(async () => {
    try {
      setSessions(await listTrainingSessions(api));
      setFailure(undefined);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function edit(id: number) {
    try {
      setEditing({ session: await oneTrainingSession(api, id) });
    } catch (error) {
      notify(failureMessage(error), { type: 'error' });
    }
  }

  return (
    <Box>
      <Title title="Training dates" />
      {failure && <Alert severity="error">{failure}</Alert>}
      {!sessions && !failure && <Typography>Loading the sessions…</Typography>}
      {sessions && (
        <Card>
          <CardContent>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
                Each session is saved on its own and is live after the next build. Times are UK time.
              </Typography>
              {canWrite && (
                <Button variant="contained" onClick={() => setEditing({})}>
                  New session
                </Button>
              )}
            </Stack>
            <ul aria-label="Training sessions" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {sessions.map((session) => (
                <li key={session.id}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5 }}>
                    <Box sx={{ flex: 1 }}>
                      <Typography component="span">{session.title}</Typography>{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {ukDateTime(session.starts_on)} · {session.location} · {session.places_left} place
                        {session.places_left === 1 ? '' : 's'} left
                      </Typography>
                    </Box>
                    {canWrite && (
                      <Button
                        size="small"
                        aria-label={`Edit ${session.title}, ${ukDateTime(session.starts_on)}`}
                        onClick={() => void edit(session.id)}
                      >
                        Edit
                      </Button>
                    )}
                    <HistoryLink resource="training-session" id={session.id} name={session.title} />
                  </Stack>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      {editing && (
        <SessionDialog
          {...editing}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined);
            notify(`${saved.title} saved: live after the next build`, { type: 'success' });
            void load();
          }}
        />
      )}
    </Box>
  );
}
