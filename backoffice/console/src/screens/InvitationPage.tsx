/**
 * An invitation (`/admin/invitation?token=…`, from the e-mail an owner's invitation sends): the invited person
 * chooses a name and password, then enrols an authenticator. Single use; 72 hours.
 */
import { Button, Typography } from '@mui/material';
import { Form, Link, Loading, TextInput, required, useNavigate } from 'react-admin';
import { roleLabel } from '../access.ts';
import { api, unwrap } from '../api/client.ts';
import { AuthPage } from '../ui/AuthPage.tsx';
import { FormError } from '../ui/FormError.tsx';
import { useLinkCheck, useLinkToken } from '../ui/link-token.ts';
import { useSubmit } from '../ui/use-submit.ts';
import { NewPasswordInput } from '../ui/staff-fields.tsx';

interface AcceptValues {
  name: string;
  password: string;
}

export default function InvitationPage() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const invitation = useLinkCheck('invitation', token, (token) =>
    unwrap(api.GET('/api/v1/staff/invitations/accept', { params: { query: { token } } })),
  );
  const { onSubmit, error } = useSubmit(async (values: AcceptValues) => {
    const { data } = await unwrap(
      api.POST('/api/v1/staff/invitations/accept', { body: { token, ...values } }),
    );
    navigate('/enrol', { state: { enrolment: data }, replace: true });
  });

  if (token && invitation.isPending) return <Loading />;
  if (!token || !invitation.data) {
    return (
      <AuthPage title="This invitation cannot be used">
        <Typography>
          It has been accepted already, withdrawn or has expired (invitations last 72 hours). Ask an owner to
          invite you again.
        </Typography>
        <Link to="/login">Sign in</Link>
      </AuthPage>
    );
  }
  const { email, role } = invitation.data.data;
  return (
    <AuthPage title="Join the staff console">
      <Typography>
        You are invited as <strong>{roleLabel(role)}</strong> with the address <strong>{email}</strong>.
      </Typography>
      <FormError message={error} />
      <Form onSubmit={onSubmit} noValidate>
        <TextInput source="name" label="Your name" autoComplete="name" validate={required()} />
        <NewPasswordInput label="Choose a password" />
        <Button type="submit" variant="contained">
          Continue
        </Button>
      </Form>
    </AuthPage>
  );
}
