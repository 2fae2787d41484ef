/**
 * Sign-in (the first screen, loaded with the application): e-mail address, password and the code of the
 * authenticator app, or one of the recovery codes instead. Every wrong part gets the same answer from the
 * back-office, shown above the form.
 */
import { Button, CardContent, Stack, Typography } from '@mui/material';
import {
  BooleanInput,
  Form,
  FormDataConsumer,
  Link,
  Login,
  PasswordInput,
  TextInput,
  required,
  useLogin,
} from 'react-admin';
import type { SignIn } from '../auth-provider.ts';
import { FormError } from '../ui/FormError.tsx';
import { useSubmit } from '../ui/use-submit.ts';
import { SignInEmailInput } from '../ui/staff-fields.tsx';

interface SignInValues {
  email: string;
  password: string;
  use_recovery_code?: boolean;
  code?: string;
  recovery_code?: string;
}

function SignInForm() {
  const login = useLogin();
  const { onSubmit, error } = useSubmit(async (values: SignInValues) => {
    const params: SignIn = { email: values.email, password: values.password };
    if (values.use_recovery_code) params.recovery_code = values.recovery_code?.trim();
    else params.code = values.code?.replace(/\s/g, '');
    await login(params);
  });
  return (
    <CardContent sx={{ width: 360, display: 'grid', gap: 1 }}>
      <Typography component="h1" variant="h5">
        Sign in to the staff console
      </Typography>
      <FormError message={error} />
      <Form onSubmit={onSubmit} noValidate>
        <SignInEmailInput />
        <PasswordInput
          source="password"
          label="Password"
          autoComplete="current-password"
          validate={required()}
        />
        <BooleanInput source="use_recovery_code" label="Use a recovery code" helperText={false} />
        <FormDataConsumer<SignInValues>>
          {({ formData }) =>
            formData.use_recovery_code ? (
              <TextInput
                source="recovery_code"
                label="Recovery code"
                helperText="One of the codes you saved when you set up your authenticator app"
                autoComplete="off"
                validate={required()}
              />
            ) : (
              <TextInput
                source="code"
                label="Code from your authenticator app"
                helperText="The 6 digits the app shows now"
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                validate={required()}
              />
            )
          }
        </FormDataConsumer>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Button type="submit" variant="contained">
            Sign in
          </Button>
          <Link to="/reset">Forgotten your password?</Link>
        </Stack>
      </Form>
    </CardContent>
  );
}

export function LoginPage() {
  return (
    <Login>
      <SignInForm />
    </Login>
  );
}
