/**
 * The console's home: who is signed in, and for those who read orders, today's figures and the orders waiting for
 * someone, with the trade applications and unanswered messages for the people who handle them; each card a link
 * to the list filtered to what it counts; for those who read content, the shop's build status (issue 26).
 */
import { Card, CardActionArea, CardContent, Grid, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { Link, Title, useCanAccess, useCreatePath, useGetIdentity } from 'react-admin';
import { ROLE_LABELS } from '../access.ts';
import { api, unwrap } from '../api/client.ts';
import type { DashboardFigures, Role } from '../api/types.ts';
import { ukDay } from '../dates.ts';
import { pounds } from '../money.ts';
import { SITE } from '../orders/site.ts';

const BuildStatusCard = lazy(() => import('../builds/BuildStatusCard.tsx'));

interface Figure {
  label: string;
  value: string;
  detail?: string;
  /** The list the card opens, filtered to what it counts. */
  to: {
    resource: 'orders' | 'invoices' | 'trade-applications' | 'messages';
    filter: Record<string, string>;
  };
}

function figures(data: DashboardFigures): Figure[] {
  const today = ukDay(Date.now());
  const orderFigures: Figure[] = [
    {
      label: "Today's orders",
      value: String(data.today.orders),
      to: { resource: 'orders', filter: { placed_from: today, placed_to: today } },
    },
    {
      label: "Today's takings",
      value: pounds(data.today.takings_inc_pence),
      detail: `${pounds(data.today.takings_ex_pence)} ex VAT`,
      to: { resource: 'orders', filter: { placed_from: today, placed_to: today } },
    },
    {
      label: 'To prepare',
      value: String(data.to_prepare),
      to: { resource: 'orders', filter: { fulfilment_status: 'unfulfilled' } },
    },
    {
      label: 'To collect',
      value: String(data.to_collect),
      to: { resource: 'orders', filter: { fulfilment_status: 'ready_for_collection' } },
    },
    {
      label: 'Dispatched, not yet delivered',
      value: String(data.dispatched),
      to: { resource: 'orders', filter: { fulfilment_status: 'dispatched' } },
    },
    {
      label: 'Payment being checked',
      value: String(data.payment_checking),
      to: { resource: 'orders', filter: { status: 'pending_payment' } },
    },
    {
      label: 'Open invoices',
      value: String(data.invoices.open),
      to: { resource: 'invoices', filter: { state: 'open' } },
    },
    {
      label: 'Overdue invoices',
      value: String(data.invoices.overdue),
      to: { resource: 'invoices', filter: { state: 'overdue' } },
    },
  ];
  // Counts the API gives only to the people who handle them (null for everyone else).
  const handled: Figure[] = [];
  if (data.trade_applications !== null) {
    handled.push({
      label: 'Trade applications waiting',
      value: String(data.trade_applications),
      to: { resource: 'trade-applications', filter: { status: 'pending' } },
    });
  }
  if (data.unanswered_messages !== null) {
    handled.push({
      label: 'Unanswered messages',
      value: String(data.unanswered_messages),
      to: { resource: 'messages', filter: { status: 'new' } },
    });
  }
  return [...orderFigures, ...handled];
}

function OrderFigures() {
  const createPath = useCreatePath();
  const { data, error } = useQuery({
    queryKey: ['dashboard'],
    queryFn: async () => (await unwrap(api.GET('/api/v1/staff/dashboard', { params: { query: SITE } }))).data,
  });
  if (error) return <Typography role="alert">The figures could not be read: {error.message}</Typography>;
  if (!data) return <Typography>Reading today's figures…</Typography>;
  return (
    <Grid
      container
      spacing={2}
      component="ul"
      aria-label="Orders at a glance"
      sx={{ listStyle: 'none', p: 0 }}
    >
      {figures(data).map(({ label, value, detail, to }) => (
        <Grid key={label} size={{ xs: 12, sm: 6, md: 3 }} component="li">
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardActionArea
              component={RouterLink}
              to={`${createPath({ resource: to.resource, type: 'list' })}?filter=${encodeURIComponent(JSON.stringify(to.filter))}`}
              sx={{ height: '100%' }}
            >
              <CardContent>
                <Typography component="h2" variant="subtitle1">
                  {label}
                </Typography>
                <Typography variant="h4" component="p">
                  {value}
                </Typography>
                {detail ? <Typography variant="body2">{detail}</Typography> : null}
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

export default function Dashboard() {
  const { identity } = useGetIdentity();
  const { canAccess: seesStaff } = useCanAccess({ resource: 'people', action: 'list' });
  const { canAccess: seesOrders } = useCanAccess({ resource: 'orders', action: 'list' });
  const { canAccess: seesBuilds } = useCanAccess({ resource: 'builds', action: 'list' });
  const role = identity?.role as Role | undefined;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="Staff console" />
      <Card>
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
      {seesBuilds ? (
        <Suspense fallback={null}>
          <BuildStatusCard />
        </Suspense>
      ) : null}
      {seesOrders ? <OrderFigures /> : null}
    </Stack>
  );
}
