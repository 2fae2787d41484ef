/**
 * Changing a discount code: the form sends only the fields changed, with the version the code was read at; if
 * someone else changed it meanwhile the back-office refuses (409) and the page shows their change to redo yours on.
 * The code can be deactivated or activated from here too.
 */
import { Typography } from '@mui/material';
import { Edit, SaveButton, Toolbar, TopToolbar, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { errorCode } from '../api/client.ts';
import { failureMessage } from '../ui/use-submit.ts';
import { STATE_LABELS, type StaffDiscount } from './discount-form.ts';
import { usesLabel } from './labels.ts';
import { DiscountForm } from './DiscountForm.tsx';
import { SwitchButton } from './SwitchButton.tsx';

function Title() {
  const discount = useRecordContext<StaffDiscount>();
  return <>{discount ? `Discount ${discount.code}` : 'Discount code'}</>;
}

function Summary() {
  const discount = useRecordContext<StaffDiscount>();
  return discount ? (
    <Typography variant="body2">
      {STATE_LABELS[discount.state]} · used {usesLabel(discount)} {discount.used === 1 ? 'time' : 'times'}
    </Typography>
  ) : null;
}

export default function DiscountEdit() {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Edit<StaffDiscount>
      title={<Title />}
      mutationMode="pessimistic"
      actions={
        <TopToolbar>
          <SwitchButton />
        </TopToolbar>
      }
      mutationOptions={{
        onError: (error) => {
          const stale = errorCode(error) === 'version_conflict';
          notify(
            stale
              ? 'Someone else changed this code since you opened the page: their change is shown now, make yours again.'
              : failureMessage(error),
            { type: 'error' },
          );
          if (stale) refresh();
        },
      }}
      redirect="list"
    >
      <Summary />
      <DiscountForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      />
    </Edit>
  );
}
