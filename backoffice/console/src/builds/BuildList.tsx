/**
 * The storefront's builds (`#/builds`, `content:read`): newest first, each with its outcome, content version,
 * started and finished in UK time, duration, what it holds and what changed since the previous good build, and for
 * a failure the message and the end of its log. People with `content:publish` roll back to an older good build
 * still on disk (after a confirmation): the storefront serves it within seconds.
 */
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, DataTable, List, useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api } from '../api/client.ts';
import { UkDateField } from '../ui/UkDateField.tsx';
import { buildStatus, rollBack, type Build } from './calls.ts';
import { changeText, contentsText, duration, statusWords } from './words.ts';

const STATUS_LABELS: Record<Build['status'], string> = {
  building: 'Building',
  succeeded: 'Good',
  failed: 'Failed',
};

function StatusCell() {
  const build = useRecordContext<Build>();
  if (!build) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        label={STATUS_LABELS[build.status]}
        color={build.status === 'failed' ? 'error' : build.status === 'succeeded' ? 'success' : 'default'}
      />
      {build.current ? <Chip size="small" variant="outlined" color="primary" label="Current" /> : null}
      {build.pruned_at ? <Chip size="small" variant="outlined" label="Deleted" /> : null}
    </Stack>
  );
}

function OutcomeCell() {
  const build = useRecordContext<Build>();
  if (!build) return null;
  return (
    <Box sx={{ maxWidth: 520 }}>
      {build.message ? <Typography variant="body2">{build.message}</Typography> : null}
      {build.status === 'succeeded' && build.contents && !build.message ? (
        <Typography variant="body2" color="text.secondary">
          Contains {contentsText(build.contents)}
        </Typography>
      ) : null}
      {build.status === 'failed' && build.log_tail ? (
        <details>
          <summary>End of the log</summary>
          <Box
            component="pre"
            sx={{ whiteSpace: 'pre-wrap', fontSize: 12, maxHeight: 320, overflow: 'auto' }}
          >
            {build.log_tail}
          </Box>
        </details>
      ) : null}
    </Box>
  );
}

function ChangesCell() {
  const build = useRecordContext<Build>();
  if (!build) return null;
  if (build.changes_total === 0) return <Typography variant="body2">No recorded change</Typography>;
  const more = build.changes_total - build.changes.length;
  return (
    <details>
      <summary>
        {build.changes_total} {build.changes_total === 1 ? 'change' : 'changes'}
      </summary>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {build.changes.map((change, index) => (
          <Typography component="li" variant="body2" key={`${change.at}-${index}`}>
            {changeText(change)}
          </Typography>
        ))}
        {more > 0 ? (
          <Typography component="li" variant="body2">
            and {more} earlier
          </Typography>
        ) : null}
      </Box>
    </details>
  );
}

function DurationCell() {
  const build = useRecordContext<Build>();
  return build ? <>{duration(build.duration_ms)}</> : null;
}

function RollbackButton() {
  const build = useRecordContext<Build>();
  const { canAccess } = useCanAccess({ resource: 'builds', action: 'rollback' });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  if (!build || !canAccess || !build.can_roll_back) return null;
  const confirm = async () => {
    setBusy(true);
    try {
      await rollBack(api, build.id);
      notify('Rolled back: the shop serves this build within seconds', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['build-status'] });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" sx={{ whiteSpace: 'nowrap' }} onClick={() => setOpen(true)}>
        Roll back
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="Roll back to this build?"
        content={`The shop will serve build ${build.id} (content version ${build.content_version}) again. The next publish builds from the current content.`}
        confirm="Roll back"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** The status line above the list: the same words as the dashboard's card. */
export function BuildStatusLine() {
  const { data, error } = useQuery({
    queryKey: ['build-status'],
    queryFn: () => buildStatus(api),
    refetchInterval: 3_000,
  });
  if (error) return <Alert severity="warning">The build status could not be read: {error.message}</Alert>;
  if (!data) return null;
  const words = statusWords(data);
  const failed = data.state === 'failed' ? data.newest : null;
  return (
    <Alert severity={words.severity} role="status" aria-label="Build status">
      <strong>{words.title}</strong>
      {data.state === 'live' && data.current?.contents ? ` with ${contentsText(data.current.contents)}` : ''}
      {failed?.message ? `: ${failed.message}` : ''}
      {failed && data.current ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          The previous build ({data.current.id}) is still serving.
        </Typography>
      ) : null}
    </Alert>
  );
}

export default function BuildList() {
  return (
    <List
      title="Builds"
      empty={false}
      sort={{ field: 'started_at', order: 'DESC' }}
      queryOptions={{ refetchInterval: 3_000 }}
      actions={false}
      aside={undefined}
    >
      <Box sx={{ p: 2 }}>
        <BuildStatusLine />
      </Box>
      <DataTable<Build> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col<Build> source="id" label="Build" />
        <DataTable.Col<Build> label="Status" render={() => <StatusCell />} />
        <DataTable.Col<Build> source="content_version" label="Content version" />
        <DataTable.Col<Build> source="started_at" label="Started" field={UkDateField} />
        <DataTable.Col<Build> source="finished_at" label="Finished" field={UkDateField} />
        <DataTable.Col<Build> label="Duration" render={() => <DurationCell />} />
        <DataTable.Col<Build> label="Outcome" render={() => <OutcomeCell />} />
        <DataTable.Col<Build> label="What changed" render={() => <ChangesCell />} />
        <DataTable.Col<Build> label="Actions" render={() => <RollbackButton />} />
      </DataTable>
    </List>
  );
}
