/**
 * The customer page's actions, each a button opening a dialog that asks to confirm: end the sessions, disable or
 * enable the account, resend the verification e-mail, send a password reset (customers:write), and for those who
 * hold the UK GDPR permissions, export everything held about the person (a JSON download) and erase them (the
 * e-mail address typed again). A button shows only to those the back-office lets do it (access.ts).
 */
import DownloadIcon from '@mui/icons-material/Download';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCanAccess, useNotify, useRedirect } from 'react-admin';
import { api } from '../api/client.ts';
import type { CustomerPage } from '../api/types.ts';
import { ActionDialog } from '../orders/ActionDialog.tsx';
import { failureMessage } from '../ui/use-submit.ts';
import { customerCalls, exportUrl } from './customer-calls.ts';

const calls = customerCalls(api);

type Action = 'end_sessions' | 'disable' | 'enable' | 'verification' | 'reset' | 'erase';

/** The confirmed actions: a button, the dialog's question and explanation, what is said once done. */
const ACTIONS: Record<
  Exclude<Action, 'erase'>,
  { button: string; title: string; explain: string; done: string }
> = {
  end_sessions: {
    button: 'End sessions',
    title: 'End every session of this customer?',
    explain: 'Every browser signed in to the account is signed out; the customer can sign in again.',
    done: 'Sessions ended',
  },
  disable: {
    button: 'Disable account',
    title: 'Disable this account?',
    explain: 'Every session ends now and the customer can no longer sign in until the account is enabled.',
    done: 'Account disabled',
  },
  enable: {
    button: 'Enable account',
    title: 'Enable this account?',
    explain: 'The customer can sign in again.',
    done: 'Account enabled',
  },
  verification: {
    button: 'Resend verification e-mail',
    title: 'Resend the verification e-mail?',
    explain: 'A new link to confirm the e-mail address is sent to the customer.',
    done: 'Verification e-mail sent',
  },
  reset: {
    button: 'Send password reset',
    title: 'Send a password reset e-mail?',
    explain:
      'The customer is sent the same e-mail as when they ask for it themselves: a link to choose a new ' +
      'password, valid 60 minutes.',
    done: 'Password reset e-mail sent',
  },
};

const RUN: Record<Exclude<Action, 'erase'>, (id: number) => Promise<void>> = {
  end_sessions: calls.endSessions,
  disable: calls.disable,
  enable: calls.enable,
  verification: calls.resendVerification,
  reset: calls.passwordReset,
};

function EraseDialog({ customer, onClose }: { customer: CustomerPage; onClose(): void }) {
  const [typed, setTyped] = useState('');
  const notify = useNotify();
  const redirect = useRedirect();
  const queryClient = useQueryClient();
  const problem =
    typed.trim().toLowerCase() === customer.email
      ? undefined
      : "Type the customer's e-mail address exactly to confirm.";
  return (
    <ActionDialog
      title={`Erase ${customer.first_name} ${customer.last_name}?`}
      submitLabel="Erase customer"
      onClose={onClose}
      problem={problem}
      onSubmit={async () => {
        try {
          await calls.erase(customer.id, typed.trim());
        } catch (error) {
          throw new Error(failureMessage(error), { cause: error });
        }
        void queryClient.invalidateQueries({ queryKey: ['customers'] });
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
        notify('Customer erased: their orders are kept for the VAT records, marked erased', {
          type: 'success',
        });
        redirect('list', 'customers');
      }}
    >
      <Typography gutterBottom>
        The account, its sessions, saved addresses, wishlist, form submissions and CVs are deleted for good.
        Their orders are kept for the 6 years VAT records require, with the name and addresses only, marked
        erased. This cannot be undone.
      </Typography>
      <TextField
        autoFocus
        fullWidth
        margin="normal"
        label="Type the customer's e-mail address to confirm"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
    </ActionDialog>
  );
}

export function CustomerActions({ customer }: { customer: CustomerPage }) {
  const [open, setOpen] = useState<Action>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const can = {
    write: useCanAccess({ resource: 'customers', action: 'write' }).canAccess,
    export: useCanAccess({ resource: 'customers', action: 'export' }).canAccess,
    erase: useCanAccess({ resource: 'customers', action: 'erase' }).canAccess,
  };
  const close = () => setOpen(undefined);
  const button = (action: Action, variant: 'contained' | 'outlined' = 'contained') => (
    <Button
      key={action}
      variant={variant}
      color={action === 'erase' ? 'error' : 'primary'}
      onClick={() => setOpen(action)}
    >
      {action === 'erase' ? 'Erase customer' : ACTIONS[action].button}
    </Button>
  );
  const confirmed = open && open !== 'erase' ? open : undefined;
  return (
    <>
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        sx={{ flexWrap: 'wrap' }}
        aria-label="Actions"
        role="group"
      >
        {can.write && customer.sessions.length > 0 ? button('end_sessions') : null}
        {can.write ? button(customer.disabled ? 'enable' : 'disable', 'outlined') : null}
        {can.write && !customer.email_verified && !customer.disabled ? button('verification') : null}
        {can.write && !customer.disabled ? button('reset') : null}
        {can.export ? (
          <Button href={exportUrl(customer.id)} download startIcon={<DownloadIcon />} variant="outlined">
            Export data
          </Button>
        ) : null}
        {can.erase ? button('erase', 'outlined') : null}
      </Stack>
      {confirmed ? (
        <ActionDialog
          title={ACTIONS[confirmed].title}
          submitLabel={ACTIONS[confirmed].button}
          onClose={close}
          confirmOnly
          onSubmit={async () => {
            try {
              await RUN[confirmed](customer.id);
            } catch (error) {
              throw new Error(failureMessage(error), { cause: error });
            }
            await queryClient.invalidateQueries({ queryKey: ['customers'] });
            notify(ACTIONS[confirmed].done, { type: 'success' });
            close();
          }}
        >
          <Typography>{ACTIONS[confirmed].explain}</Typography>
        </ActionDialog>
      ) : null}
      {open === 'erase' ? <EraseDialog customer={customer} onClose={close} /> : null}
    </>
  );
}
