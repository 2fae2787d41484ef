/**
 * One trade account application: the company, its numbers, the expected spend and the contact; for one waiting,
 * "Approve" (payment terms in days, the credit limit in pounds, whether a purchase order is required) and "Decline"
 * (the reason, which the customer's e-mail states). Each decision is one call; the page then shows it as stored.
 */
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Show, TopToolbar, useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api } from '../api/client.ts';
import { ukDateTime } from '../dates.ts';
import { parsePounds, pounds } from '../money.ts';
import { ActionDialog } from '../orders/ActionDialog.tsx';
import { failureMessage } from '../ui/use-submit.ts';
import { statusLabel, wholePounds } from './labels.ts';
import { tradeCalls } from './trade-calls.ts';
import type { TradeApplication } from './types.ts';

const calls = tradeCalls(api);

export function Facts({ facts }: { facts: [string, ReactNode][] }) {
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

/** A terms' day count as typed: a whole number from 0 to 120. */
function termsDays(text: string): number | undefined {
  const days = Number(text.trim());
  return /^\d{1,3}$/.test(text.trim()) && days <= 120 ? days : undefined;
}

function ApproveDialog({ application, onClose }: { application: TradeApplication; onClose(): void }) {
  const [days, setDays] = useState('30');
  const [limit, setLimit] = useState('');
  const [po, setPo] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const limitPence = parsePounds(limit);
  const problem =
    termsDays(days) === undefined
      ? 'Give the payment terms as a number of days from 0 to 120.'
      : limitPence === undefined
        ? 'Give the credit limit in pounds, for example 500 or 1,250.50.'
        : undefined;
  return (
    <ActionDialog
      title={`Approve ${application.company}?`}
      submitLabel="Approve"
      problem={problem}
      onClose={onClose}
      onSubmit={async () => {
        try {
          await calls.approve(application.id, {
            payment_terms_days: termsDays(days)!,
            credit_limit_pence: limitPence!,
            po_required: po,
            version: application.version,
          });
        } catch (error) {
          throw new Error(failureMessage(error), { cause: error });
        }
        notify(`${application.company} is a trade account: ${pounds(limitPence!)} of credit.`, {
          type: 'success',
        });
        onClose();
        refresh();
      }}
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        <TextField
          label="Payment terms (days)"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          inputMode="numeric"
          required
          autoFocus
        />
        <TextField
          label="Credit limit (£)"
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
          inputMode="decimal"
          required
        />
        <FormControlLabel
          control={<Checkbox checked={po} onChange={(event) => setPo(event.target.checked)} />}
          label="Purchase order number required"
        />
      </Stack>
    </ActionDialog>
  );
}

function DeclineDialog({ application, onClose }: { application: TradeApplication; onClose(): void }) {
  const [reason, setReason] = useState('');
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <ActionDialog
      title={`Decline ${application.company}?`}
      submitLabel="Decline"
      problem={reason.trim() ? undefined : 'Give the reason: the customer reads it in our e-mail.'}
      onClose={onClose}
      onSubmit={async () => {
        try {
          await calls.decline(application.id, reason.trim(), application.version);
        } catch (error) {
          throw new Error(failureMessage(error), { cause: error });
        }
        notify(`The application of ${application.company} was declined.`, { type: 'success' });
        onClose();
        refresh();
      }}
    >
      <TextField
        label="Reason (sent to the customer)"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        multiline
        minRows={3}
        fullWidth
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 1000 } }}
        sx={{ mt: 1 }}
      />
    </ActionDialog>
  );
}

function Decision() {
  const application = useRecordContext<TradeApplication>();
  const { canAccess } = useCanAccess({ resource: 'trade-applications', action: 'decide' });
  const [open, setOpen] = useState<'approve' | 'decline'>();
  if (!application || application.status !== 'pending' || !canAccess) return null;
  return (
    <TopToolbar>
      <Button variant="contained" onClick={() => setOpen('approve')}>
        Approve
      </Button>
      <Button variant="outlined" color="error" onClick={() => setOpen('decline')}>
        Decline
      </Button>
      {open === 'approve' ? (
        <ApproveDialog application={application} onClose={() => setOpen(undefined)} />
      ) : null}
      {open === 'decline' ? (
        <DeclineDialog application={application} onClose={() => setOpen(undefined)} />
      ) : null}
    </TopToolbar>
  );
}

function ApplicationPage() {
  const application = useRecordContext<TradeApplication>();
  if (!application) return null;
  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {application.company}
        </Typography>
        <Facts
          facts={[
            ['Status', statusLabel(application.status)],
            ['Company registration number', application.company_number],
            ['VAT number', application.vat_number ?? 'Not given'],
            ['Expected monthly spend', wholePounds(application.expected_monthly_spend_pounds)],
            ['Contact', application.name],
            ['Email address', application.email],
            ['Phone', application.phone],
            ['Shop', application.audience === 'pro' ? 'Trade' : 'DIY'],
            ['Applied', ukDateTime(application.created_at)],
            ...(application.decided_at
              ? ([
                  [
                    'Decided',
                    `${ukDateTime(application.decided_at)} by ${application.decided_by ?? 'staff'}`,
                  ],
                ] as [string, string][])
              : []),
            ...(application.decline_reason
              ? ([['Reason', application.decline_reason]] as [string, string][])
              : []),
          ]}
        />
      </CardContent>
    </Card>
  );
}

export default function ApplicationShow() {
  return (
    <Show title="Trade account application" actions={<Decision />}>
      <ApplicationPage />
    </Show>
  );
}
