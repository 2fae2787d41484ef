/**
 * The setup link (`/admin/setup?token=…`, logged by the back-office while it has no staff): creates the first owner,
 * then goes on to enrolling the authenticator. Works once: afterwards the link says so.
 */
import { Button, Typography } from '@mui/material';
import { Form, Link, Loading, TextInput, required, useNavigate } from 'react-admin';
import { api, unwrap } from '../api/client.ts';
import { AuthPage } from '../ui/AuthPage.tsx';
import { FormError } from '../ui/FormError.tsx';
import { useLinkCheck, useLinkToken } from '../ui/link-token.ts';
import { useSubmit } from '../ui/use-submit.ts';
import { NewPasswordInput, SignInEmailInput } from '../ui/staff-fields.tsx';

interface SetupValues {
  name: string;
  email: string;
  password: string;
}

export default function SetupPage() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const link = useLinkCheck('setup', token, (token) =>
    unwrap(api.GET('/api/v1/staff/setup', { params: { query: { token } } })),
  );
  const { onSubmit, error } = useSubmit(async (values: SetupValues) => {
    const { data } = await unwrap(api.POST('/api/v1/staff/setup', { body: { token, ...values } }));
    navigate('/enrol', { state: { enrolment: data }, replace: true });
  });

  if (token && link.isPending) return <Loading />;
  if (!token || link.isError) {
    return (
      <AuthPage title="This setup link cannot be used">
        <Typography>
          It has been used already or has expired, or the console has its first owner. Ask an owner to invite
          you, or sign in if you have an account.
        </Typography>
        <Link to="/login">Sign in</Link>
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Create the first owner">
      <Typography>
        You are setting up the staff console. The account you create here is an owner: it can invite everyone
        else.
      </Typography>
      <FormError message={error} />
      <Form onSubmit={onSubmit} noValidate>
        <TextInput source="name" label="Your name" autoComplete="name" validate={required()} />
        <SignInEmailInput />
        <NewPasswordInput label="Password" />
        <Button type="submit" variant="contained">
          Create the owner
        </Button>
      </Form>
    </AuthPage>
  );
}
