/**
 * The editor of a draft-capable entry (a page, a how-to folder, a FAQ entry): its fields, and a toolbar to save the
 * draft (nothing goes live, no build), publish now, unpublish, schedule a publish and an unpublish (UK time), open
 * the signed preview in a new tab and the entry's history. Every save names the version read: a save refused
 * because someone saved meanwhile (409) says so and keeps what was typed, to re-apply on their version or drop.
 * Publishing controls show only to those with `content:publish`; the fields are read only without `content:write`.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { HttpError, Title, useCanAccess, useNotify } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorCode, type ApiErrorDetails } from '../api/client.ts';
import { cleanHtml } from '../catalogue/products/rich-text.ts';
import { ukDateTime } from '../dates.ts';
import { failureMessage } from '../ui/use-submit.ts';
import { contentApi, type ContentView } from './content-api.ts';
import { changedFields, type Errors, type Kind } from './forms.ts';
import { statusLabel, ukInputToIso, ukInputValue, unpublishNote } from './status.ts';

export interface FieldsProps<Form> {
  form: Form;
  set: <K extends keyof Form>(key: K, value: Form[K]) => void;
  errors: Errors;
  disabled: boolean;
}

interface Props<Form> {
  kind: Kind<Form>;
  Fields: (props: FieldsProps<Form>) => ReactNode;
}

type View = ContentView<Record<string, unknown>>;

/**
 * The entry a create just made, handed to the edit screen it goes to: shown at once rather than read again, so
 * nothing typed while a second read was on its way is overwritten.
 */
let handoff: View | undefined;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The API's field errors (`blocks.0.text`, `title`…) as the form's keys. */
function fieldErrorsOf(error: unknown): Errors {
  const details = error instanceof HttpError ? (error.body as ApiErrorDetails | undefined) : undefined;
  return details?.errors ?? {};
}

function ScheduleDialog({
  open,
  view,
  onClose,
  onSave,
}: {
  open: boolean;
  view: View;
  onClose: () => void;
  onSave: (times: { publish_at: string | null; unpublish_at: string | null }) => Promise<boolean>;
}) {
  const [publishAt, setPublishAt] = useState('');
  const [unpublishAt, setUnpublishAt] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!open) return;
    setPublishAt(view.publish_at ? ukInputValue(view.publish_at) : '');
    setUnpublishAt(view.unpublish_at ? ukInputValue(view.unpublish_at) : '');
    setError(undefined);
  }, [open, view.publish_at, view.unpublish_at]);

  const save = async (clear: boolean) => {
    const publish = clear || !publishAt ? null : (ukInputToIso(publishAt) ?? 'bad');
    const unpublish = clear || !unpublishAt ? null : (ukInputToIso(unpublishAt) ?? 'bad');
    if (publish === 'bad' || unpublish === 'bad')
      return setError('Enter a date and a time, such as 12/12/2026 09:00');
    if (!clear && !publish && !unpublish) return setError('Enter a publish time, an unpublish time or both');
    const now = Date.now();
    if ((publish && Date.parse(publish) <= now) || (unpublish && Date.parse(unpublish) <= now))
      return setError('Choose times still to come');
    if (publish && unpublish && Date.parse(unpublish) <= Date.parse(publish))
      return setError('The unpublish time must come after the publish time');
    setError(undefined);
    if (await onSave({ publish_at: publish, unpublish_at: unpublish })) onClose();
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="schedule-title">
      <DialogTitle id="schedule-title">Schedule</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          Times are UK time. The back-office publishes and unpublishes at those times, even when nobody is
          signed in. Leave a time empty for none.
        </DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        <TextField
          label="Publish at (UK time)"
          type="datetime-local"
          value={publishAt}
          onChange={(e) => setPublishAt(e.target.value)}
          fullWidth
          margin="dense"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
        />
        <TextField
          label="Unpublish at (UK time)"
          type="datetime-local"
          value={unpublishAt}
          onChange={(e) => setUnpublishAt(e.target.value)}
          fullWidth
          margin="dense"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
        />
      </DialogContent>
      <DialogActions>
        {(view.publish_at || view.unpublish_at) && (
          <Button onClick={() => save(true)}>Clear the schedule</Button>
        )}
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => save(false)}>
          Save schedule
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ContentEditor<Form>({ kind, Fields }: Props<Form>) {
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const creating = id === undefined;
  const navigate = useNavigate();
  const notify = useNotify();
  const { canAccess: mayWrite } = useCanAccess({ resource: kind.consoleResource, action: 'write' });
  const { canAccess: mayPublish } = useCanAccess({ resource: kind.consoleResource, action: 'publish' });
  const [view, setView] = useState<View>();
  const [base, setBase] = useState<Form>();
  const [form, setForm] = useState<Form>();
  const [errors, setErrors] = useState<Errors>({});
  const [conflict, setConflict] = useState<View>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string>();
  const [scheduling, setScheduling] = useState(false);

  const formOf = useCallback((v: View) => kind.formOf(v.item, cleanHtml), [kind]);

  useEffect(() => {
    let live = true;
    setConflict(undefined);
    setErrors({});
    if (id === undefined) {
      const empty = kind.empty(search.get('type') ?? undefined);
      setView(undefined);
      setBase(empty);
      setForm(empty);
      return;
    }
    const handed = handoff;
    handoff = undefined;
    if (handed?.id === id) {
      setView(handed);
      setBase(formOf(handed));
      setForm(formOf(handed));
      return;
    }
    contentApi
      .get<Record<string, unknown>>(kind.resource, id)
      .then((v) => {
        if (!live) return;
        setView(v);
        setBase(formOf(v));
        setForm(formOf(v));
      })
      .catch((error: unknown) => live && setFailed(failureMessage(error)));
    return () => {
      live = false;
    };
  }, [id, kind, formOf, search]);

  if (failed) return <Alert severity="error">{failed}</Alert>;
  if (!form || !base || (!creating && !view))
    return <Typography sx={{ p: 2 }}>Loading the {kind.noun}…</Typography>;

  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => (f ? { ...f, [key]: value } : f));
  const changes = changedFields(kind.bodyOf(base), kind.bodyOf(form));
  const dirty = creating || Object.keys(changes).length > 0;
  const readOnly = mayWrite !== true || busy || Boolean(conflict);

  /** A view from the back-office becomes the form's new base; `keep` keeps what the person typed. */
  const applied = (v: View, keep = false) => {
    setView(v);
    const fresh = formOf(v);
    setBase(fresh);
    if (!keep) setForm(fresh);
    setErrors({});
  };

  /** Runs calls in order; a conflict shows the entry as saved meanwhile, other refusals say why. */
  const run = async (steps: () => Promise<void>) => {
    setBusy(true);
    try {
      await steps();
    } catch (error) {
      if (errorCode(error) === 'version_conflict' && id !== undefined) {
        try {
          setConflict(await contentApi.get<Record<string, unknown>>(kind.resource, id));
        } catch (again) {
          notify(failureMessage(again), { type: 'error' });
        }
      } else {
        setErrors(fieldErrorsOf(error));
        notify(failureMessage(error), { type: 'error' });
      }
    } finally {
      setBusy(false);
    }
  };

  /** Saves what changed as the draft (or creates the entry, a draft) and answers the entry as saved. */
  const saveDraft = async (): Promise<View | undefined> => {
    const found = kind.validate(form);
    setErrors(found);
    if (Object.keys(found).length) {
      notify('Some fields need your attention', { type: 'error' });
      return undefined;
    }
    if (creating) {
      const made = await contentApi.create<Record<string, unknown>>(kind.resource, kind.bodyOf(form));
      applied(made);
      handoff = made;
      navigate(`/${kind.consoleResource}/${made.id}`, { replace: true });
      return made;
    }
    if (!dirty) return view;
    const saved = await contentApi.patch<Record<string, unknown>>(kind.resource, id, view!.version, changes);
    applied(saved);
    return saved;
  };

  const onSaveDraft = () =>
    run(async () => {
      if (!dirty) {
        notify('Nothing to save: no field changed', { type: 'info' });
        return;
      }
      const saved = await saveDraft();
      if (saved)
        notify(
          saved.status === 'published'
            ? 'Draft saved: the live version is unchanged until you publish'
            : 'Draft saved: nothing is live until you publish',
          { type: 'success' },
        );
    });

  const onPublish = () =>
    run(async () => {
      const saved = await saveDraft();
      if (!saved) return;
      applied(await contentApi.publish<Record<string, unknown>>(kind.resource, saved.id, saved.version));
      notify('Published: the site shows it after the next build', { type: 'success' });
    });

  const onUnpublish = () =>
    run(async () => {
      applied(await contentApi.unpublish<Record<string, unknown>>(kind.resource, id!, view!.version), true);
      notify('Unpublished: the site drops it after the next build', { type: 'success' });
    });

  const onSchedule = async (times: { publish_at: string | null; unpublish_at: string | null }) => {
    let done = false;
    await run(async () => {
      const saved = await saveDraft();
      if (!saved) return;
      applied(
        await contentApi.schedule<Record<string, unknown>>(kind.resource, saved.id, saved.version, times),
      );
      done = true;
      notify(times.publish_at || times.unpublish_at ? 'Schedule saved' : 'Schedule cleared', {
        type: 'success',
      });
    });
    return done;
  };

  const onPreview = () => {
    // The tab opens now, on the click (a tab opened after a call is blocked as a pop-up), and goes to the link.
    const tab = window.open('', '_blank');
    void run(async () => {
      try {
        const saved = dirty ? await saveDraft() : view;
        if (!saved) {
          tab?.close();
          return;
        }
        const { url } = await contentApi.previewLink(kind.resource, saved.id);
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else window.location.assign(url);
      } catch (error) {
        tab?.close();
        throw error;
      }
    });
  };

  const reapply = () => {
    if (!conflict) return;
    setView(conflict);
    setBase(formOf(conflict));
    setConflict(undefined);
    notify('Your changes are on their version: check them and save again', { type: 'info' });
  };
  const dropMine = () => {
    if (!conflict) return;
    applied(conflict);
    setConflict(undefined);
  };

  const title = kind.titleOf(form).trim() || `New ${kind.noun}`;
  const status = view ? statusLabel(view) : 'New';
  const note = view ? unpublishNote(view) : undefined;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1000 }}>
      <Title title={creating ? `New ${kind.noun}` : capital(`${kind.noun}: ${title}`)} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Chip
          role="status"
          label={status}
          color={status === 'Published' ? 'success' : 'default'}
          aria-label={`Status: ${status}`}
        />
        {note && <Chip label={note} variant="outlined" />}
        {view && (
          <Typography variant="body2" color="text.secondary">
            Version {view.version} · last changed {ukDateTime(view.updated_at)}
          </Typography>
        )}
      </Stack>
      {view?.live && view.has_draft && (
        <Alert severity="info" sx={{ mb: 2 }}>
          The site shows the published version; your draft changes go live when you publish them.
        </Alert>
      )}

      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', mb: 2 }}
        role="toolbar"
        aria-label={`${capital(kind.noun)} actions`}
      >
        {mayWrite && (
          <Button variant="contained" onClick={onSaveDraft} disabled={busy || Boolean(conflict)}>
            Save draft
          </Button>
        )}
        {mayPublish && mayWrite && (
          <Button
            variant="contained"
            color="success"
            onClick={onPublish}
            disabled={busy || Boolean(conflict)}
          >
            Publish now
          </Button>
        )}
        {mayPublish && view?.status === 'published' && (
          <Button
            variant="outlined"
            color="warning"
            onClick={onUnpublish}
            disabled={busy || Boolean(conflict)}
          >
            Unpublish
          </Button>
        )}
        {mayPublish && mayWrite && view && (
          <Button variant="outlined" onClick={() => setScheduling(true)} disabled={busy || Boolean(conflict)}>
            Schedule
          </Button>
        )}
        {(view || mayWrite) && (
          <Button
            variant="outlined"
            onClick={onPreview}
            disabled={busy || Boolean(conflict) || (creating && !mayWrite)}
          >
            Preview
          </Button>
        )}
        {view && (
          <Button component={RouterLink} to={`/history/${kind.resource}/${view.id}`}>
            History
          </Button>
        )}
      </Stack>

      {conflict && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 'bold' }}>
            This {kind.noun} changed meanwhile
          </Typography>
          <Typography variant="body2">
            Someone saved it since you opened it (now version {conflict.version},{' '}
            {statusLabel(conflict).toLowerCase()}
            ): your change was not saved. Nothing you typed is lost.
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button variant="contained" onClick={reapply}>
              Keep my changes on their version
            </Button>
            <Button onClick={dropMine}>Drop my changes and show theirs</Button>
          </Stack>
        </Alert>
      )}

      <Card>
        <CardContent>
          <Fields form={form} set={set} errors={errors} disabled={readOnly} />
        </CardContent>
      </Card>
      {view && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Link component={RouterLink} to={`/${kind.consoleResource}`}>
            Back to the list
          </Link>
        </Typography>
      )}
      {view && (
        <ScheduleDialog
          open={scheduling}
          view={view}
          onClose={() => setScheduling(false)}
          onSave={onSchedule}
        />
      )}
    </Box>
  );
}
