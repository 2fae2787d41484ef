/**
 * The 10 recovery codes, shown once after enrolment (which also signed the person in): each replaces a code from
 * the app for one sign-in (a lost phone). Copy or download them now; the back-office keeps only their hashes and
 * the page forgets them on leaving.
 */
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, useLocation } from 'react-admin';
import { AuthPage } from '../ui/AuthPage.tsx';

interface ShownCodes {
  recoveryCodes?: string[];
  email?: string;
}

export function recoveryCodesText(codes: readonly string[], email: string): string {
  return [
    `Plasterwick staff console: recovery codes for ${email}`,
    'Each code works once, in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export default function RecoveryCodesPage() {
  const { recoveryCodes: codes, email = '' } = (useLocation().state as ShownCodes | null) ?? {};
  const [copied, setCopied] = useState(false);

  if (!codes?.length) {
    return (
      <AuthPage title="Recovery codes are shown once">
        <Typography>
          They were shown when you set up your authenticator app. If you did not keep them, sign in and ask an
          owner to reset your second factor.
        </Typography>
        <Link to="/login">Sign in</Link>
      </AuthPage>
    );
  }
  const text = recoveryCodesText(codes, email);
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    link.download = 'plasterwick-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <AuthPage title="Save your recovery codes">
      <Typography>
        Your authenticator app is set up. If you lose your phone, each of these codes lets you sign in once
        instead of a code from the app. Keep them somewhere safe, such as a password manager: they are not
        shown again.
      </Typography>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{ fontFamily: 'monospace', fontSize: '1.05rem', columns: 2, m: 0, pl: 3 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => void copy()}>
          Copy the codes
        </Button>
        <Button variant="outlined" onClick={download}>
          Download the codes
        </Button>
      </Stack>
      {copied ? <Alert severity="success">Copied to the clipboard.</Alert> : null}
      {/* A full load, not a navigation: react-admin still holds this page's "not signed in" from before the
          enrolment opened the session, and would sign the new session out on its way to the home page. */}
      <Button variant="contained" onClick={() => window.location.replace(import.meta.env.BASE_URL)}>
        I have saved them: continue
      </Button>
    </AuthPage>
  );
}
