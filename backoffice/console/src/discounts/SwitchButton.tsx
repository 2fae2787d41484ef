/**
 * Deactivate or activate a code. Deactivated, the basket refuses it as an unknown code and takes it off baskets
 * holding it; activated again, it is accepted. Shown only to those who may change codes (the API refuses others).
 */
import { Button } from '@mui/material';
import { useState } from 'react';
import { useCanAccess, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api } from '../api/client.ts';
import { failureMessage } from '../ui/use-submit.ts';
import { switchDiscount } from './calls.ts';
import type { StaffDiscount } from './discount-form.ts';

export function SwitchButton() {
  const discount = useRecordContext<StaffDiscount>();
  const { canAccess } = useCanAccess({ resource: 'discounts', action: 'deactivate' });
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!discount || !canAccess) return null;
  const verb = discount.active ? 'deactivate' : 'activate';
  const onClick = async (event: React.MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      await switchDiscount(api, discount.id, verb);
      notify(verb === 'deactivate' ? `${discount.code} is deactivated` : `${discount.code} is active again`, {
        type: 'success',
      });
      refresh();
    } catch (error) {
      notify(failureMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      onClick={onClick}
      disabled={busy}
      aria-label={`${verb === 'deactivate' ? 'Deactivate' : 'Activate'} ${discount.code}`}
    >
      {verb === 'deactivate' ? 'Deactivate' : 'Activate'}
    </Button>
  );
}
