/**
 * Enrolling the authenticator app, after the setup link or an invitation: the QR code (an SVG the back-office
 * renders; no outside service sees the key), the key as text for typing by hand, and the first code to prove it
 * works. The enrolment is held in this page's memory only: reloading it means opening the link again.
 */
import { Box, Button, Typography } from '@mui/material';
import { Form, Link, TextInput, required, useLocation, useNavigate } from 'react-admin';
import { api, unwrap } from '../api/client.ts';
import type { Enrolment } from '../api/types.ts';
import { AuthPage } from '../ui/AuthPage.tsx';
import { FormError } from '../ui/FormError.tsx';
import { useSubmit } from '../ui/use-submit.ts';

/** The key in groups of four, as authenticator apps show and take it. */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The back-office's SVG as an image: shown, never run (an <img> runs no script an SVG might hold). */
function svgImage(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export default function EnrolPage() {
  const navigate = useNavigate();
  const enrolment = (useLocation().state as { enrolment?: Enrolment } | null)?.enrolment;
  const { onSubmit, error } = useSubmit(async ({ code }: { code: string }) => {
    if (!enrolment) return;
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

  if (!enrolment) {
    return (
      <AuthPage title="Nothing to set up here">
        <Typography>
          Open the setup or invitation link again to set up your authenticator app, or sign in if you have
          done so.
        </Typography>
        <Link to="/login">Sign in</Link>
      </AuthPage>
    );
  }
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
          inputProps={{ inputMode: 'numeric' }}
          validate={required()}
        />
        <Button type="submit" variant="contained">
          Confirm the code
        </Button>
      </Form>
    </AuthPage>
  );
}
