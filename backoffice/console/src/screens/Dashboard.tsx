/** The console's home: who is signed in, with which role, and where to go. The screens of later issues join here. */
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Link, Title, useCanAccess, useGetIdentity } from 'react-admin';
import { ROLE_LABELS } from '../access.ts';
import type { Role } from '../api/types.ts';

export default function Dashboard() {
  const { identity } = useGetIdentity();
  const { canAccess: seesStaff } = useCanAccess({ resource: 'people', action: 'list' });
  const role = identity?.role as Role | undefined;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Staff console" />
      <CardContent>
        <Stack spacing={2}>
          <Typography component="h1" variant="h5">
            {identity ? `Welcome, ${identity.fullName}` : 'Welcome'}
          </Typography>
          {role ? <Typography>You are signed in as {ROLE_LABELS[role]}.</Typography> : null}
          <Stack direction="row" spacing={3}>
            {seesStaff ? <Link to="/people">Staff and invitations</Link> : null}
            <Link to="/my-sessions">My sessions</Link>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
