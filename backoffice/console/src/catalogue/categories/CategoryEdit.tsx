/**
 * Changing a category: the form sends only the fields changed, with the version the category was read at; if
 * someone else changed it meanwhile the back-office refuses (409) and the page shows their change to redo yours on.
 */
import { Edit, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { errorCode } from '../../api/client.ts';
import { failureMessage } from '../../ui/use-submit.ts';
import type { StaffCategory } from './calls.ts';
import { CategoryForm } from './CategoryForm.tsx';

function Title() {
  const category = useRecordContext<StaffCategory>();
  return <>{category ? `Category ${category.name}` : 'Category'}</>;
}

export default function CategoryEdit() {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Edit<StaffCategory>
      title={<Title />}
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{
        onError: (error) => {
          const stale = errorCode(error) === 'version_conflict';
          notify(
            stale
              ? 'Someone else changed this category since you opened the page: their change is shown now, make yours again.'
              : failureMessage(error),
            { type: 'error' },
          );
          if (stale) refresh();
        },
      }}
    >
      <CategoryForm />
    </Edit>
  );
}
