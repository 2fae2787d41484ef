/**
 * Changing a redirect from the version it was read at: if someone else changed it meanwhile the back-office refuses
 * (409) and the page shows their change to redo yours on.
 */
import { Edit, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { errorCode } from '../../api/client.ts';
import { failureMessage } from '../../ui/use-submit.ts';
import type { StaffRedirect } from './calls.ts';
import { RedirectForm } from './RedirectForm.tsx';

function Title() {
  const redirect = useRecordContext<StaffRedirect>();
  return <>{redirect ? `Redirect from ${redirect.from}` : 'Redirect'}</>;
}

export default function RedirectEdit() {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Edit<StaffRedirect>
      title={<Title />}
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{
        onError: (error) => {
          const stale = errorCode(error) === 'version_conflict';
          notify(
            stale
              ? 'Someone else changed this redirect since you opened the page: their change is shown now, make yours again.'
              : failureMessage(error),
            { type: 'error' },
          );
          if (stale) refresh();
        },
      }}
    >
      <RedirectForm />
    </Edit>
  );
}
