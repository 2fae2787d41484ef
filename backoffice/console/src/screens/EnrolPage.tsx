/**
 * Enrolling the authenticator app: after the setup link or an invitation (the enrolment comes with the page, in
 * memory only), or from an e-mailed enrolment link after an owner reset the second factor (`/admin/enrol?token=…`:
 * the person's password gives the enrolment). Shows the QR code (an SVG the back-office renders; no outside
 * service sees the key), the key as text for typing by hand, and takes the first code, which proves the app and
 * signs the person in.
 */
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Form,
  Link,
  Loading,
  PasswordInput,
  TextInput,
  required,
  useLocation,
  useNavigate,
} from 'react-admin';
import { api, unwrap } from '../api/client.ts';
import type { Enrolment } from '../api/types.ts';
import { AuthPage } from '../ui/AuthPage.tsx';
import { FormError } from '../ui/FormError.tsx';
import { useLinkCheck, useLinkToken } from '../ui/link-token.ts';
import { useSubmit } from '../ui/use-submit.ts';

/** The key in groups of four, as authenticator apps show and take it. */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The back-office's SVG as an image: shown, never run (an <img> runs no script an SVG might hold). */
function svgImage(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function ScanAndConfirm({ enrolment }: { enrolment: Enrolment }) {
  const navigate = useNavigate();
  const { onSubmit, error } = useSubmit(async ({ code }: { code: string }) => {
    const { data } = await unwrap(
      api.POST('/api/v1/staff/enrolment', {
        body: { enrolment_token: enrolment.enrolment_token, code: code.replace(/\s/g, '') },
      }),
    );
    navigate('/recovery-codes', {
      state: { recoveryCodes: data.recovery_codes, email: enrolment.email },
      replace: true,
    });
  });
  return (
    <AuthPage title="Set up your authenticator app">
      <Typography>
        Every sign-in needs a code from an authenticator app on your phone (such as Google Authenticator,
        Microsoft Authenticator or 1Password). Scan this QR code with it:
      </Typography>
      <Box
        component="img"
        src={svgImage(enrolment.totp.qr_svg)}
        alt={`QR code that adds ${enrolment.email} to an authenticator app`}
        sx={{ width: 200, height: 200, justifySelf: 'center', background: '#fff' }}
      />
      <Typography>Cannot scan it? Type this key into the app instead:</Typography>
      <Typography
        component="code"
        aria-label="Key for typing by hand"
        sx={{ fontFamily: 'monospace', fontSize: '1.1rem', wordBreak: 'break-all' }}
      >
        {groupedKey(enrolment.totp.secret)}
      </Typography>
      <FormError message={error} />
      <Form onSubmit={onSubmit} noValidate>
        <TextInput
          source="code"
          label="Code from your authenticator app"
          helperText="The 6 digits the app shows for Plasterwick"
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          validate={required()}
        />
        <Button type="submit" variant="contained">
          Confirm the code
        </Button>
      </Form>
    </AuthPage>
  );
}

/** An e-mailed enrolment link: the person's password unlocks a new key. */
function EnrolFromLink({ token }: { token: string }) {
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const link = useLinkCheck('enrolment', token, (token) =>
    unwrap(api.GET('/api/v1/staff/enrolment', { params: { query: { token } } })),
  );
  const { onSubmit, error } = useSubmit(async ({ password }: { password: string }) => {
    const { data } = await unwrap(api.POST('/api/v1/staff/enrolment/start', { body: { token, password } }));
    setEnrolment(data);
  });

  if (enrolment) return <ScanAndConfirm enrolment={enrolment} />;
  if (link.isPending) return <Loading />;
  if (!link.data) return <NothingToEnrol />;
  return (
    <AuthPage title="Set up your authenticator app again">
      <Typography>
        Your second factor was reset. Enter the password of {link.data.data.email} to set up your
        authenticator app.
      </Typography>
      <FormError message={error} />
      <Form onSubmit={onSubmit} noValidate>
        <PasswordInput
          source="password"
          label="Password"
          autoComplete="current-password"
          validate={required()}
        />
        <Button type="submit" variant="contained">
          Continue
        </Button>
      </Form>
    </AuthPage>
  );
}

function NothingToEnrol() {
  return (
    <AuthPage title="Nothing to set up here">
      <Typography>
        This link has been used or has expired. Open the setup, invitation or enrolment link again, or sign in
        if your authenticator app is set up.
      </Typography>
      <Link to="/login">Sign in</Link>
    </AuthPage>
  );
}

export default function EnrolPage() {
  const token = useLinkToken();
  const enrolment = (useLocation().state as { enrolment?: Enrolment } | null)?.enrolment;
  if (enrolment) return <ScanAndConfirm enrolment={enrolment} />;
  if (token) return <EnrolFromLink token={token} />;
  return <NothingToEnrol />;
}
