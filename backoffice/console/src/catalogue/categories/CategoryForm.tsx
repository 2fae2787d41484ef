/**
 * The fields of a category: its name, its slug (the last part of its address, lowercase letters, digits and
 * hyphens: a new slug leaves a 301 from the old addresses in both audiences) and its description; a new category
 * also chooses its parent (none: top level).
 */
import {
  SelectInput,
  SimpleForm,
  TextInput,
  maxLength,
  regex,
  required,
  useGetList,
  type SimpleFormProps,
} from 'react-admin';
import type { StaffCategory } from './calls.ts';

export function CategoryForm({
  withParent,
  ...props
}: Omit<SimpleFormProps, 'children'> & { withParent?: boolean }) {
  const { data } = useGetList<StaffCategory>(
    'categories',
    { pagination: { page: 1, perPage: 1000 } },
    { enabled: Boolean(withParent) },
  );
  const tops = (data ?? []).filter((c) => c.parent_id === null).map((c) => ({ id: c.id, name: c.name }));
  return (
    <SimpleForm {...props}>
      <TextInput source="name" label="Name" validate={[required(), maxLength(200)]} />
      <TextInput
        source="slug"
        label="Slug"
        helperText="The end of its address: lowercase letters, digits and hyphens. A new slug redirects the old address."
        validate={[
          required(),
          maxLength(100),
          regex(/^\s*[a-z0-9]+(-[a-z0-9]+)*\s*$/, 'Use lowercase letters, digits and single hyphens'),
        ]}
      />
      <TextInput source="description" label="Description" multiline minRows={2} validate={maxLength(5000)} />
      {withParent ? (
        <SelectInput source="parent_id" label="Parent category" choices={tops} emptyText="None (top level)" />
      ) : null}
    </SimpleForm>
  );
}
