/**
 * The list of one draft-capable resource: title (and a page's type), address, status in words ("Draft",
 * "Published", "Draft changes", "Scheduled 12 Dec 09:00", UK time), when last changed; searched by title and
 * filtered by status. A row opens the editor.
 */
import { Chip, Stack } from '@mui/material';
import {
  CreateButton,
  DataTable,
  List,
  SearchInput,
  SelectInput,
  TopToolbar,
  useCanAccess,
  useRecordContext,
} from 'react-admin';
import { UkDateField } from '../ui/UkDateField.tsx';
import type { ContentRow } from './content-api.ts';
import { PAGE_TYPES } from './forms.ts';
import { statusLabel, unpublishNote } from './status.ts';

const STATUSES = [
  { id: 'draft', name: 'Draft' },
  { id: 'published', name: 'Published' },
];

function StatusCell() {
  const row = useRecordContext<ContentRow>();
  if (!row) return null;
  const label = statusLabel(row);
  const note = unpublishNote(row);
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        label={label}
        color={label === 'Published' ? 'success' : label.startsWith('Scheduled') ? 'info' : 'default'}
        variant={label === 'Draft changes' ? 'outlined' : 'filled'}
      />
      {note && <Chip size="small" variant="outlined" label={note} />}
    </Stack>
  );
}

function TypeCell() {
  const row = useRecordContext<ContentRow>();
  return <>{PAGE_TYPES.find((t) => t.id === row?.type)?.name ?? row?.type ?? ''}</>;
}

interface Props {
  title: string;
  resource: string;
  newLabel: string;
  titleLabel?: string;
  withType?: boolean;
}

export function ContentList({ title, resource, newLabel, titleLabel = 'Title', withType = false }: Props) {
  const { canAccess: writes } = useCanAccess({ resource, action: 'create' });
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={titleLabel} />,
    <SelectInput key="status" source="status" label="Status" choices={STATUSES} alwaysOn />,
    ...(withType
      ? [<SelectInput key="type" source="type" label="Type" choices={[...PAGE_TYPES]} alwaysOn />]
      : []),
  ];
  return (
    <List
      title={title}
      empty={false}
      filters={filters}
      sort={{ field: 'updated_at', order: 'DESC' }}
      actions={<TopToolbar>{writes && <CreateButton label={newLabel} />}</TopToolbar>}
    >
      <DataTable<ContentRow> bulkActionButtons={false} rowClick="edit">
        <DataTable.Col<ContentRow> source="title" label={titleLabel} />
        {withType && (
          <DataTable.Col<ContentRow> label="Type" source="type">
            <TypeCell />
          </DataTable.Col>
        )}
        {resource !== 'content-faq' && <DataTable.Col<ContentRow> source="slug" label="Address" />}
        <DataTable.Col<ContentRow> label="Status" source="status">
          <StatusCell />
        </DataTable.Col>
        <DataTable.Col<ContentRow> source="updated_at" label="Last changed">
          <UkDateField source="updated_at" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
