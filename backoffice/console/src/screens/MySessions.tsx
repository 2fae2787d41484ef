/**
 * The signed-in person's sessions (every browser signed in as them): when each started, was last used, from where,
 * and a button to end any but this one (signing out ends this one).
 */
import { Chip } from '@mui/material';
import { DataTable, DeleteButton, List, TextField } from 'react-admin';
import type { StaffSession } from '../api/types.ts';
import { UkDateField } from '../ui/UkDateField.tsx';

export default function MySessions() {
  return (
    <List
      resource="sessions"
      title="My sessions"
      actions={false}
      pagination={false}
      disableSyncWithLocation
      storeKey={false}
      empty={false}
    >
      <DataTable<StaffSession> bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="created_at" label="Signed in" field={UkDateField} disableSort />
        <DataTable.Col source="last_seen_at" label="Last active" field={UkDateField} disableSort />
        <DataTable.Col source="ip" label="Address" disableSort />
        <DataTable.Col source="user_agent" label="Browser" field={TextField} disableSort />
        <DataTable.Col
          label="Session"
          render={(session) =>
            session.current ? (
              <Chip label="This browser" size="small" />
            ) : (
              <DeleteButton
                label="End"
                mutationMode="pessimistic"
                confirmTitle="End this session?"
                confirmContent="That browser will have to sign in again."
                redirect={false}
              />
            )
          }
        />
      </DataTable>
    </List>
  );
}
