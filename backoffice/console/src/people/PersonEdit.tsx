/**
 * Changing a person's role or deactivating them (owners). The form sends the version the person was read at: if
 * someone else changed them meanwhile the back-office refuses (409) and nothing is overwritten; the last active
 * owner cannot be demoted or deactivated. Either change ends the person's sessions.
 */
import { Typography } from '@mui/material';
import {
  BooleanInput,
  Edit,
  SaveButton,
  SelectInput,
  SimpleForm,
  Toolbar,
  required,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { ROLE_CHOICES } from '../access.ts';
import { errorCode } from '../api/client.ts';
import type { Person } from '../api/types.ts';
import { failureMessage } from '../ui/use-submit.ts';

function PersonTitle() {
  const person = useRecordContext<Person>();
  return <>{person ? `${person.name} (${person.email})` : 'Staff member'}</>;
}

function Heading() {
  const person = useRecordContext<Person>();
  return person ? (
    <Typography component="h2" variant="h6">
      {person.name} · {person.email}
    </Typography>
  ) : null;
}

export default function PersonEdit() {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Edit<Person>
      title={<PersonTitle />}
      mutationMode="pessimistic"
      mutationOptions={{
        onError: (error) => {
          const stale = errorCode(error) === 'version_conflict';
          notify(
            stale
              ? 'Someone else changed this person since you opened the page: their change is shown now, make yours again.'
              : failureMessage(error),
            { type: 'error' },
          );
          if (stale) refresh();
        },
      }}
      redirect="list"
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <Heading />
        <SelectInput source="role" label="Role" choices={ROLE_CHOICES} validate={required()} />
        <BooleanInput
          source="active"
          label="Can sign in"
          helperText="Turning this off deactivates the account and ends its sessions"
        />
      </SimpleForm>
    </Edit>
  );
}
