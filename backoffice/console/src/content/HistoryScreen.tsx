/**
 * The history of one content entry (/admin/history/{resource}/{id}), newest first: each version with who saved it,
 * when (UK time), what was done, and the fields it changed (before and after, the words taken out and put in).
 * "Restore as draft" (pages, folders, FAQ entries: the old text becomes the draft, nothing goes live) or "Restore"
 * (the others: live with the next build) after a confirmation; only for those with `content:write`.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useCanAccess, useNotify } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ukDateTime } from '../dates.ts';
import { failureMessage } from '../ui/use-submit.ts';
import { contentApi, type ContentView, type HistoryEntry } from './content-api.ts';
import { actionLabel, readableChanges, type WordChange } from './diff.ts';
import { editorPath, resourceNoun, restoreWording } from './history.ts';

function Words({ words }: { words: WordChange[] }) {
  // Each part is followed by a space of its own, so the text reads (and copies) as words.
  return (
    <Box component="span">
      {words.map((w, i) => (
        <Fragment key={i}>
          {w.kind === 'same' ? (
            w.text
          ) : w.kind === 'removed' ? (
            <Box
              component="del"
              aria-label={`removed: ${w.text}`}
              sx={{ bgcolor: '#fde2e1', color: '#8a1c12' }}
            >
              {w.text}
            </Box>
          ) : (
            <Box
              component="ins"
              aria-label={`added: ${w.text}`}
              sx={{ bgcolor: '#dff3e4', color: '#1b5e20', textDecoration: 'none' }}
            >
              {w.text}
            </Box>
          )}{' '}
        </Fragment>
      ))}
    </Box>
  );
}

function Changes({ entry }: { entry: HistoryEntry }) {
  const changes = readableChanges(entry.changes);
  if (changes.length === 0) return <Typography variant="body2">No field changed.</Typography>;
  return (
    <Table size="small" aria-label={`Changes of version ${entry.version}`}>
      <TableHead>
        <TableRow>
          <TableCell>Field</TableCell>
          <TableCell>Before</TableCell>
          <TableCell>After</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.field}>
            <TableCell component="th" scope="row">
              {change.label}
            </TableCell>
            <TableCell>{change.before}</TableCell>
            <TableCell>{change.words ? <Words words={change.words} /> : change.after}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export default function HistoryScreen() {
  const params = useParams();
  const resource = params.resource ?? '';
  const id = Number(params.id);
  const notify = useNotify();
  const navigate = useNavigate();
  const { canAccess: mayRestore } = useCanAccess({ resource: 'history', action: 'restore' });
  const [items, setItems] = useState<HistoryEntry[]>();
  const [view, setView] = useState<ContentView>();
  const [failed, setFailed] = useState<string>();
  const [asked, setAsked] = useState<number>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const [history, current] = await Promise.all([
      contentApi.history(resource, id),
      contentApi.get<Record<string, unknown>>(resource, id).catch(() => undefined),
    ]);
    setItems([...history.items].sort((a, b) => b.version - a.version));
    setView(current);
  }, [resource, id]);

  useEffect(() => {
    if (!Number.isInteger(id) || id < 1) {
      setFailed('This address names no entry.');
      return;
    }
    load().catch((error: unknown) => setFailed(failureMessage(error)));
  }, [id, load]);

  const noun = resourceNoun(resource);
  const editor = editorPath(resource, id);
  const name =
    (view?.item as { title?: unknown; question?: unknown; label?: unknown; name?: unknown } | undefined) ??
    {};
  const entryName = [name.title, name.question, name.label, name.name].find((v) => typeof v === 'string');

  const restore = async () => {
    if (asked === undefined) return;
    const from = asked;
    setBusy(true);
    try {
      // The entry's version: its view's, or (a resource without a view, such as a stockist) its latest version's.
      const version = view?.version ?? items?.[0]?.version;
      if (version === undefined) throw new Error('The entry has no version to restore onto');
      await contentApi.restore(resource, id, version, from);
      setAsked(undefined);
      notify(restoreWording(resource, from).done, { type: 'success' });
      if (editor) navigate(editor);
      else await load();
    } catch (error) {
      setAsked(undefined);
      notify(failureMessage(error), { type: 'error' });
      await load().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  const heading = `History of the ${noun}${typeof entryName === 'string' ? ` “${entryName}”` : ` ${id}`}`;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title={heading} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {heading}
        </Typography>
        {editor && (
          <Link component={RouterLink} to={editor}>
            Back to the {noun}
          </Link>
        )}
      </Stack>
      {failed && <Alert severity="error">{failed}</Alert>}
      {!failed && !items && <Typography>Loading the history…</Typography>}
      {items?.length === 0 && <Typography>No version kept yet.</Typography>}
      <Stack
        spacing={2}
        component="ol"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label="Versions, newest first"
      >
        {items?.map((entry, index) => {
          const wording = restoreWording(resource, entry.version);
          return (
            <Card component="li" key={entry.version} aria-label={`Version ${entry.version}`}>
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                  <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 'bold' }}>
                    Version {entry.version}: {actionLabel(entry.action)}
                  </Typography>
                  {index === 0 && <Chip size="small" label="Latest" />}
                  {entry.status && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={
                        entry.status === 'published'
                          ? 'Published'
                          : entry.status === 'draft'
                            ? 'Draft'
                            : entry.status
                      }
                    />
                  )}
                  <Typography variant="body2" color="text.secondary">
                    {ukDateTime(entry.at)} by {entry.actor_name ?? 'the system'}
                  </Typography>
                  {mayRestore && index > 0 && (
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={busy}
                      onClick={() => setAsked(entry.version)}
                      aria-label={`${wording.button}: version ${entry.version}`}
                    >
                      {wording.button}
                    </Button>
                  )}
                </Stack>
                <Changes entry={entry} />
              </CardContent>
            </Card>
          );
        })}
      </Stack>
      {asked !== undefined && (
        <Confirm
          isOpen
          loading={busy}
          title={restoreWording(resource, asked).title}
          content={restoreWording(resource, asked).content}
          confirm={restoreWording(resource, asked).button}
          cancel="Cancel"
          onConfirm={restore}
          onClose={() => setAsked(undefined)}
        />
      )}
    </Box>
  );
}
