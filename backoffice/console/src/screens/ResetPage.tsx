/**
 * A forgotten password: without a token, asks for the e-mail address and sends a link (`/admin/reset?token=…`);
 * with one, sets the new password. Signing in afterwards still needs the authenticator app's code.
 */
import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, Link } from 'react-admin';
import { api, unwrap } from '../api/client.ts';
import { AuthPage } from '../ui/AuthPage.tsx';
import { FormError } from '../ui/FormError.tsx';
import { useLinkToken } from '../ui/link-token.ts';
import { useSubmit } from '../ui/use-submit.ts';
import { NewPasswordInput, SignInEmailInput } from '../ui/staff-fields.tsx';

function RequestLink() {
  const [sentTo, setSentTo] = useState<string>();
  const { onSubmit, error } = useSubmit(async (values: { email: string }) => {
    await unwrap(api.POST('/api/v1/staff/password-reset', { body: values }));
    setSentTo(values.email);
  });
  if (sentTo) {
    return (
      <AuthPage title="Check your e-mail">
        <Typography>
          If a staff account uses {sentTo}, we have sent it a link to choose a new password. The link works
          once.
        </Typography>
        <Link to="/login">Back to sign in</Link>
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Forgotten your password?">
      <Typography>
        Enter the e-mail address you sign in with and we will send you a link to choose a new one.
      </Typography>
      <FormError message={error} />
      <Form onSubmit={onSubmit} noValidate>
        <SignInEmailInput />
        <Button type="submit" variant="contained">
          Send the link
        </Button>
      </Form>
      <Link to="/login">Back to sign in</Link>
    </AuthPage>
  );
}

function ChoosePassword({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const { onSubmit, error } = useSubmit(async ({ password }: { password: string }) => {
    await unwrap(api.POST('/api/v1/staff/password-reset/confirm', { body: { token, password } }));
    setDone(true);
  });
  if (done) {
    return (
      <AuthPage title="Your password has been changed">
        <Typography>Sign in with your new password and a code from your authenticator app.</Typography>
        <Link to="/login">Sign in</Link>
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Choose a new password">
      <FormError message={error} />
      <Form onSubmit={onSubmit} noValidate>
        <NewPasswordInput label="New password" />
        <Button type="submit" variant="contained">
          Change my password
        </Button>
      </Form>
    </AuthPage>
  );
}

export default function ResetPage() {
  const token = useLinkToken();
  return token ? <ChoosePassword token={token} /> : <RequestLink />;
}
