/** The frame of the pages seen before signing in (setup, invitation, enrolment, reset): a card on the console's background. */
import { CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { AuthLayout } from 'react-admin';

export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthLayout>
      <CardContent sx={{ maxWidth: 440, display: 'grid', gap: 2 }}>
        <Typography component="h1" variant="h5">
          {title}
        </Typography>
        {children}
      </CardContent>
    </AuthLayout>
  );
}
