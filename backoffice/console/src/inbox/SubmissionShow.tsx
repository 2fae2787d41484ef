/**
 * One message or job application as staff handle it: who sent it and when, its status, who handles it, the time left
 * of a jobsite request's 48 hours, when it will be deleted, what the visitor sent (shown as text, never as HTML),
 * the CV of an application (view or download, each audited), and the timeline of notes and replies. The actions
 * send the version the page was read at: if someone else changed it first, the page reloads and says so.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  HttpError,
  Loading,
  Show,
  useCanAccess,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { api } from '../api/client.ts';
import type { InboxPage } from '../api/types.ts';
import { ukDateTime } from '../dates.ts';
import { ActionDialog } from '../orders/ActionDialog.tsx';
import { failureMessage } from '../ui/use-submit.ts';
import { cvUrl, submissionCalls, type SubmissionResource } from './inbox-calls.ts';
import { kindLabel, statusLabel, timeLeft } from './labels.ts';

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 'bold' }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const FIELD_LABELS: Record<string, string> = {
  civility: 'Title',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email address',
  phone: 'Phone',
  company: 'Company',
  company_number: 'Company number',
  subject: 'Subject',
  message: 'Message',
  site_address: 'Site address',
  site_postcode: 'Site postcode',
  site_town: 'Site town',
  start_date: 'Works start',
  duration_weeks: 'Duration (weeks)',
  surface: 'Surface',
  surface_m2: 'Surface (m²)',
  products: 'Products',
  town: 'Town',
  linkedin_url: 'LinkedIn',
  page_id: 'Vacancy page',
  contact_name: 'Contact',
  audience: 'Site',
};
const HIDDEN = new Set(['accept_terms', 'cv', 'participants', 'session_id']);

/** What the visitor sent, each value as plain text. */
function sentFacts(data: Record<string, unknown>): [string, string][] {
  return Object.entries(data)
    .filter(([key, value]) => !HIDDEN.has(key) && value !== undefined && value !== null && value !== '')
    .map(([key, value]) => [
      FIELD_LABELS[key] ?? key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Actions({ item, resource }: { item: InboxPage; resource: SubmissionResource }) {
  const calls = submissionCalls(api, resource);
  const refresh = useRefresh();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const { canAccess: handles } = useCanAccess({ resource, action: 'handle' });
  const [dialog, setDialog] = useState<'note' | 'reply' | 'assign'>();
  const [assignee, setAssignee] = useState('');
  const people = useQuery({
    queryKey: [resource, 'assignees'],
    queryFn: () => calls.assignees(),
    enabled: dialog === 'assign',
  });
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [note, setNote] = useState('');
  if (!handles) return null;

  const run = async (action: () => Promise<void>, done: string) => {
    try {
      await action();
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) {
        refresh();
        throw new Error(
          'Someone else changed this item first: it has been reloaded. Check it and try again.',
          { cause: error },
        );
      }
      throw new Error(failureMessage(error), { cause: error });
    }
    refresh();
    notify(done, { type: 'success' });
  };
  const click = (action: () => Promise<void>, done: string) => () =>
    run(action, done).catch((error: Error) => notify(error.message, { type: 'error' }));
  const me = identity ? Number(identity.id) : undefined;

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {me !== undefined && item.assignee?.id !== me ? (
        <Button
          variant="outlined"
          onClick={click(
            () => calls.update(item.id, { version: item.version, assignee_id: me }),
            'Assigned to you',
          )}
        >
          Assign to me
        </Button>
      ) : null}
      <Button variant="outlined" onClick={() => setDialog('assign')}>
        Assign to…
      </Button>
      {item.assignee ? (
        <Button
          variant="outlined"
          onClick={click(
            () => calls.update(item.id, { version: item.version, assignee_id: null }),
            'Unassigned',
          )}
        >
          Unassign
        </Button>
      ) : null}
      {item.status === 'new' ? (
        <Button
          variant="outlined"
          onClick={click(
            () => calls.update(item.id, { version: item.version, status: 'in_progress' }),
            'Marked in progress',
          )}
        >
          Mark in progress
        </Button>
      ) : null}
      {item.status !== 'done' ? (
        <Button
          variant="outlined"
          onClick={click(
            () => calls.update(item.id, { version: item.version, status: 'done' }),
            'Marked done',
          )}
        >
          Mark done
        </Button>
      ) : (
        <Button
          variant="outlined"
          onClick={click(
            () => calls.update(item.id, { version: item.version, status: 'in_progress' }),
            'Reopened',
          )}
        >
          Reopen
        </Button>
      )}
      <Button variant="outlined" onClick={() => setDialog('note')}>
        Add note
      </Button>
      {item.email ? (
        <Button variant="contained" onClick={() => setDialog('reply')}>
          Reply
        </Button>
      ) : null}
      {dialog === 'assign' ? (
        <ActionDialog
          title="Assign to a member of staff"
          submitLabel="Assign"
          onClose={() => setDialog(undefined)}
          problem={assignee === '' ? 'Choose a person' : undefined}
          onSubmit={async () => {
            const chosen = people.data?.find((person) => String(person.id) === assignee);
            await run(
              () => calls.update(item.id, { version: item.version, assignee_id: Number(assignee) }),
              `Assigned to ${chosen?.name ?? 'them'}`,
            );
            setAssignee('');
            setDialog(undefined);
          }}
        >
          <TextField
            select
            autoFocus
            fullWidth
            label="Person"
            value={assignee}
            onChange={(event) => setAssignee(event.target.value)}
            slotProps={{ select: { native: true } }}
          >
            <option value="" />
            {(people.data ?? []).map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.name}
              </option>
            ))}
          </TextField>
        </ActionDialog>
      ) : null}
      {dialog === 'note' ? (
        <ActionDialog
          title="Add an internal note"
          submitLabel="Add note"
          onClose={() => setDialog(undefined)}
          problem={note.trim() === '' ? 'Write the note first' : undefined}
          onSubmit={async () => {
            await run(() => calls.addNote(item.id, note.trim()), 'Note added');
            setNote('');
            setDialog(undefined);
          }}
        >
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            label="Note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </ActionDialog>
      ) : null}
      {dialog === 'reply' ? (
        <ActionDialog
          title={`Reply to ${item.email}`}
          submitLabel="Send reply"
          onClose={() => setDialog(undefined)}
          problem={subject.trim() === '' || body.trim() === '' ? 'Write a subject and a message' : undefined}
          onSubmit={async () => {
            await run(() => calls.reply(item.id, subject.trim(), body.trim()), 'Reply queued');
            setSubject('');
            setBody('');
            setDialog(undefined);
          }}
        >
          <Typography sx={{ mb: 2 }}>
            The e-mail goes to the address the visitor typed. It does not quote their message: write
            everything it needs to say.
          </Typography>
          <Stack spacing={2}>
            <TextField
              autoFocus
              fullWidth
              label="Subject"
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
            />
            <TextField
              fullWidth
              multiline
              minRows={6}
              label="Message"
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          </Stack>
        </ActionDialog>
      ) : null}
    </Stack>
  );
}

function Cv({ item }: { item: InboxPage }) {
  const { canAccess } = useCanAccess({ resource: 'applications', action: 'cv' });
  if (!item.cv) return <Typography>No CV.</Typography>;
  if (!canAccess) return <Typography>{item.cv.file_name}</Typography>;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Typography>{item.cv.file_name}</Typography>
      {item.cv.content_type === 'application/pdf' ? (
        <Link href={cvUrl(item.id, 'inline')} target="_blank" rel="noopener">
          View CV
        </Link>
      ) : null}
      <Link href={cvUrl(item.id, 'attachment')} download>
        Download CV
      </Link>
    </Stack>
  );
}

function Page({ resource }: { resource: SubmissionResource }) {
  const item = useRecordContext<InboxPage>();
  // Opened from the list, react-admin first shows the list's row (no data, notes or CV) until the page arrives.
  if (!item || !Array.isArray(item.notes)) return <Loading />;
  const left = timeLeft(item.respond_by, item.status, new Date());
  const participants = Array.isArray(item.data.participants)
    ? (item.data.participants as Record<string, string>[])
    : [];
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Typography component="h1" variant="h5">
        {kindLabel(item.kind)} from {item.name}
      </Typography>
      <Actions item={item} resource={resource} />
      {left ? (
        <Alert severity={left.startsWith('Overdue') ? 'warning' : 'info'}>{`48-hour promise: ${left}`}</Alert>
      ) : null}
      <Section title="Handling">
        <Facts
          facts={[
            ['Received', ukDateTime(item.created_at)],
            ['Status', statusLabel(item.status)],
            ['Assigned to', item.assignee?.name ?? 'Nobody'],
            ...(item.respond_by ? ([['Respond by', ukDateTime(item.respond_by)]] as [string, string][]) : []),
            ['Deleted after', ukDateTime(item.retain_until)],
          ]}
        />
      </Section>
      <Section title="What they sent">
        <Facts facts={sentFacts(item.data)} />
        {participants.length > 0 ? (
          <List dense aria-label="Participants">
            {participants.map((p, index) => (
              <ListItem key={index} disableGutters>
                <ListItemText primary={`${p.first_name ?? ''} ${p.last_name ?? ''}`} secondary={p.function} />
              </ListItem>
            ))}
          </List>
        ) : null}
      </Section>
      {resource === 'applications' ? (
        <Section title="CV">
          <Cv item={item} />
        </Section>
      ) : null}
      <Section title="Notes and replies">
        {item.notes.length === 0 ? <Typography>No notes yet.</Typography> : null}
        <List aria-label="Notes and replies">
          {item.notes.map((note) => (
            <ListItem key={note.id} disableGutters alignItems="flex-start">
              <ListItemText
                primary={`${note.kind === 'reply' ? 'Reply sent' : 'Note'} by ${note.staff_name}, ${ukDateTime(note.created_at)}`}
                secondary={note.body}
                slotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap' } } }}
              />
            </ListItem>
          ))}
        </List>
      </Section>
    </Stack>
  );
}

export function SubmissionShow({ resource }: { resource: SubmissionResource }) {
  return (
    <Show title={resource === 'messages' ? 'Message' : 'Job application'} actions={false} component="div">
      <Page resource={resource} />
    </Show>
  );
}
