/**
 * Training registrations by session: each session with its places, places left and participants, the CSV of its
 * participants for the trainer, and its registrations (the company, its contact and the number of participants).
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { DataTable, List, ListBase, useListContext, type RaRecord } from 'react-admin';
import type { InboxItem, TrainingSessionSummary } from '../api/types.ts';
import { ukDateTime } from '../dates.ts';
import { participantsUrl } from './inbox-calls.ts';
import { statusLabel } from './labels.ts';

function Registrations({ session }: { session: TrainingSessionSummary }) {
  return (
    <ListBase
      resource="training-registrations"
      filter={{ session_id: session.id }}
      disableSyncWithLocation
      perPage={100}
      sort={{ field: 'created_at', order: 'ASC' }}
    >
      <DataTable<InboxItem> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col<InboxItem> source="name" label="Company (contact)" disableSort />
        <DataTable.Col<InboxItem> source="email" label="Email address" disableSort />
        <DataTable.Col<InboxItem> source="summary" label="Participants" disableSort />
        <DataTable.Col<InboxItem>
          source="status"
          label="Status"
          disableSort
          render={(item) => statusLabel(item.status)}
        />
      </DataTable>
    </ListBase>
  );
}

function Sessions() {
  const { data, isPending } = useListContext<TrainingSessionSummary & RaRecord>();
  if (isPending) return null;
  if (!data?.length) return <Typography sx={{ p: 2 }}>No training sessions.</Typography>;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      {data.map((session) => (
        <Card key={session.id} component="section" aria-label={session.title}>
          <CardContent>
            <Typography component="h2" variant="h6">
              {session.title}, {session.location}
            </Typography>
            <Typography>
              {ukDateTime(session.starts_on)}: {session.participants} participants, {session.places_left} of{' '}
              {session.places} places left
            </Typography>
            <Button
              href={participantsUrl(session.id)}
              download
              startIcon={<DownloadIcon />}
              size="small"
              disabled={session.participants === 0}
            >
              Participants CSV
            </Button>
            <Registrations session={session} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

export default function TrainingSessionList() {
  return (
    <List title="Training registrations" pagination={false} actions={false}>
      <Sessions />
    </List>
  );
}
