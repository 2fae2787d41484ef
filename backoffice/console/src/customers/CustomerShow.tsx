/**
 * One customer as staff see them: the profile and the account's state, the trade terms, saved addresses, orders
 * (each a link to its page), the wishlist and the signed-in sessions (dates only). The actions are above.
 */
import {
  Box,
  Card,
  CardContent,
  Chip,
  Grid,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Link as PageLink, Loading, Show, useRecordContext } from 'react-admin';
import type { CustomerPage } from '../api/types.ts';
import { ukDateTime } from '../dates.ts';
import { pounds } from '../money.ts';
import { fulfilmentLabel, orderStatusLabel } from '../orders/labels.ts';
import { AUDIENCE_LABELS } from '../orders/order-filter.ts';
import { CustomerActions } from './CustomerActions.tsx';

function Section({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <Grid size={{ xs: 12, md: wide ? 12 : 6 }} sx={{ minWidth: 0 }}>
      <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
        <CardContent>
          <Typography id={id} component="h2" variant="h6" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Grid>
  );
}

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 'bold' }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Orders({ customer }: { customer: CustomerPage }) {
  if (customer.orders.length === 0) return <Typography>No orders.</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Orders">
        <TableHead>
          <TableRow>
            <TableCell>Order</TableCell>
            <TableCell>Placed</TableCell>
            <TableCell align="right">Total ex VAT</TableCell>
            <TableCell align="right">Total inc VAT</TableCell>
            <TableCell>Order status</TableCell>
            <TableCell>Fulfilment</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {customer.orders.map((order) => (
            <TableRow key={order.id}>
              <TableCell>
                <PageLink to={`/orders/${order.id}/show`}>{order.number}</PageLink>
              </TableCell>
              <TableCell>{ukDateTime(order.placed_at)}</TableCell>
              <TableCell align="right">{pounds(order.total_ex_pence)}</TableCell>
              <TableCell align="right">{pounds(order.total_inc_pence)}</TableCell>
              <TableCell>{orderStatusLabel(order.status)}</TableCell>
              <TableCell>{fulfilmentLabel(order.fulfilment_status)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Addresses({ customer }: { customer: CustomerPage }) {
  if (customer.addresses.length === 0) return <Typography>No saved addresses.</Typography>;
  return (
    <List dense disablePadding aria-label="Saved addresses">
      {customer.addresses.map((address) => (
        <ListItem key={address.id} disableGutters>
          <ListItemText
            primary={[
              `${address.first_name} ${address.last_name}`,
              address.company,
              address.address,
              address.address_2,
              address.town,
              address.postcode,
            ]
              .filter(Boolean)
              .join(', ')}
            secondary={[
              address.label,
              address.phone,
              address.is_default_delivery ? 'default delivery' : '',
              address.is_default_billing ? 'default billing' : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}

function Sessions({ customer }: { customer: CustomerPage }) {
  if (customer.sessions.length === 0) return <Typography>Not signed in anywhere.</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Sessions">
        <TableHead>
          <TableRow>
            <TableCell>Signed in</TableCell>
            <TableCell>Last seen</TableCell>
            <TableCell>Expires</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {customer.sessions.map((session, index) => (
            <TableRow key={index}>
              <TableCell>{ukDateTime(session.created_at)}</TableCell>
              <TableCell>{ukDateTime(session.last_seen_at)}</TableCell>
              <TableCell>{ukDateTime(session.expires_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function CustomerView() {
  const customer = useRecordContext<CustomerPage>();
  // Opened from the list, react-admin first shows the list's row until the page arrives.
  if (!customer || !Array.isArray(customer.orders)) return <Loading />;
  const { trade } = customer;
  return (
    <Stack spacing={2} sx={{ mt: 2, contain: 'inline-size' }}>
      <Stack spacing={1}>
        <Typography component="h1" variant="h5">
          {customer.first_name} {customer.last_name}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip
            label={customer.disabled ? 'Disabled' : 'Active'}
            color={customer.disabled ? 'error' : 'success'}
          />
          <Chip label={customer.email_verified ? 'E-mail verified' : 'E-mail not verified'} />
          {trade.approved ? <Chip label="Trade account" color="primary" /> : null}
        </Stack>
        <CustomerActions customer={customer} />
      </Stack>
      <Grid container spacing={2}>
        <Section title="Profile">
          <Facts
            facts={[
              ['Email address', customer.email],
              [
                'Name',
                [customer.civility, customer.first_name, customer.last_name].filter(Boolean).join(' '),
              ],
              ['Phone', customer.phone ?? ''],
              ['Company', customer.company ?? ''],
              ['Company number', customer.company_number ?? ''],
              ['Audience', AUDIENCE_LABELS[customer.audience]],
              ['Newsletter', customer.newsletter ? 'Yes' : 'No'],
              ['Signed up', ukDateTime(customer.created_at)],
            ]}
          />
        </Section>
        <Section title="Account">
          <Facts
            facts={[
              [
                'State',
                customer.disabled_at ? `Disabled since ${ukDateTime(customer.disabled_at)}` : 'Active',
              ],
              [
                'E-mail address',
                customer.email_verified_at
                  ? `Verified ${ukDateTime(customer.email_verified_at)}`
                  : 'Not verified',
              ],
              ['Trade account', trade.approved ? 'Approved' : 'No'],
              ...(trade.approved
                ? ([
                    ['Payment terms', `${trade.payment_terms_days} days`],
                    ['Credit limit', pounds(trade.credit_limit_pence)],
                    ['PO number required', trade.po_required ? 'Yes' : 'No'],
                  ] as [string, ReactNode][])
                : []),
              ['Last changed', ukDateTime(customer.updated_at)],
            ]}
          />
        </Section>
        <Section title="Orders" wide>
          <Orders customer={customer} />
        </Section>
        <Section title="Saved addresses">
          <Addresses customer={customer} />
        </Section>
        <Section title="Wishlist">
          {customer.wishlist.length === 0 ? (
            <Typography>Empty.</Typography>
          ) : (
            <List dense disablePadding aria-label="Wishlist">
              {customer.wishlist.map((item) => (
                <ListItem key={item.product_id} disableGutters>
                  <ListItemText
                    primary={item.name ?? `Product ${item.product_id} (no longer in the catalogue)`}
                    secondary={`Added ${ukDateTime(item.added_at)}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Section>
        <Section title="Sessions" wide>
          <Sessions customer={customer} />
        </Section>
      </Grid>
    </Stack>
  );
}

function CustomerTitle() {
  const customer = useRecordContext<CustomerPage>();
  return <>{customer ? `${customer.first_name} ${customer.last_name}` : 'Customer'}</>;
}

export default function CustomerShow() {
  return (
    <Show<CustomerPage> title={<CustomerTitle />} actions={false} component="div">
      <CustomerView />
    </Show>
  );
}
