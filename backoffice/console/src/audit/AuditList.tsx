/**
 * The audit trail (owners): every staff write, refusal, sign-in and download of personal data, newest first, paged
 * by the back-office and filtered by person, action, entity and UK days. "Export CSV" downloads the filtered trail,
 * all of it (the export is itself recorded).
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import {
  DataTable,
  DateInput,
  FilterButton,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
  useGetList,
  useListContext,
} from 'react-admin';
import { roleLabel } from '../access.ts';
import { ukDateTime } from '../dates.ts';
import { auditExportUrl, type AuditEvent } from './calls.ts';

const ACTORS: Record<AuditEvent['actor_type'], string> = {
  person: 'Person',
  token: 'Machine token',
  'api-key': 'API key',
  cli: 'Command line',
  anonymous: 'Not signed in',
  job: 'Scheduled job',
};

const OUTCOMES: Record<AuditEvent['outcome'], string> = { ok: 'Done', refused: 'Refused', failed: 'Failed' };

/** The people to filter by (owners may list staff). */
function PersonFilter(props: { source: string; label: string; alwaysOn?: boolean }) {
  const { data } = useGetList('people', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const choices = (data ?? []).map((person) => ({ id: String(person.id), name: String(person.name) }));
  return <SelectInput {...props} choices={choices} />;
}

const filters = [
  <PersonFilter key="person" source="person" label="Person" alwaysOn />,
  <TextInput key="action" source="action" label="Action" helperText="Such as token.create" alwaysOn />,
  <TextInput key="entity" source="entity" label="Entity" helperText="Such as discount" />,
  <DateInput key="from" source="from" label="From (UK day)" />,
  <DateInput key="to" source="to" label="Until (UK day)" />,
];

function ExportButton() {
  const { filterValues } = useListContext();
  // A plain link: the browser downloads the file with the session cookie, however long the trail is.
  return (
    <Button href={auditExportUrl(filterValues)} download startIcon={<DownloadIcon />} size="small">
      Export CSV
    </Button>
  );
}

/** "3 fields: code, percent, version" */
function changesLabel(event: AuditEvent): string {
  const fields = Object.keys(event.changes ?? {});
  if (fields.length === 0) return '';
  const shown = fields.slice(0, 4).join(', ');
  return `${fields.length} field${fields.length === 1 ? '' : 's'}: ${shown}${fields.length > 4 ? '…' : ''}`;
}

export default function AuditList() {
  return (
    <List
      title="Audit trail"
      filters={filters}
      sort={{ field: 'at', order: 'DESC' }}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportButton />
        </TopToolbar>
      }
    >
      <DataTable<AuditEvent> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col<AuditEvent> source="at" label="When" render={(event) => ukDateTime(event.at)} />
        <DataTable.Col<AuditEvent>
          label="Who"
          render={(event) => event.actor_name ?? ACTORS[event.actor_type]}
        />
        <DataTable.Col<AuditEvent>
          label="Role"
          render={(event) => (event.role ? roleLabel(event.role) : ACTORS[event.actor_type])}
        />
        <DataTable.Col<AuditEvent> source="action" label="Action" />
        <DataTable.Col<AuditEvent>
          source="entity"
          label="Entity"
          render={(event) => (event.entity_id ? `${event.entity} ${event.entity_id}` : event.entity)}
        />
        <DataTable.Col<AuditEvent> label="Outcome" render={(event) => OUTCOMES[event.outcome]} />
        <DataTable.Col<AuditEvent> label="Changes" render={changesLabel} />
      </DataTable>
    </List>
  );
}
