/** Inviting someone (owners): the back-office e-mails them a link to join with the chosen role (72 hours, single use). */
import { Create, SelectInput, SimpleForm, TextInput, email, required } from 'react-admin';
import { ROLE_CHOICES } from '../access.ts';

export default function InvitationCreate() {
  return (
    <Create title="Invite someone" redirect="list">
      <SimpleForm>
        <TextInput source="email" label="Email address" type="email" validate={[required(), email()]} />
        <SelectInput source="role" label="Role" choices={ROLE_CHOICES} validate={required()} />
      </SimpleForm>
    </Create>
  );
}
