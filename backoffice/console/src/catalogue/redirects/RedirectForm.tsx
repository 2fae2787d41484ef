/** The fields of a redirect: the old address and where it goes (the shop answers it with a 301). */
import { SimpleForm, TextInput, maxLength, regex, required, type SimpleFormProps } from 'react-admin';

const sitePath = [
  required(),
  maxLength(500),
  regex(/^\s*\/(?!\/)[^\s?#]*\s*$/, 'Enter an address of this site starting with /, without spaces, ? or #'),
];

export function RedirectForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm {...props}>
      <TextInput
        source="from"
        label="Old address"
        helperText="Such as /diy-filler/product/old-name"
        validate={sitePath}
      />
      <TextInput
        source="to"
        label="New address"
        helperText="Such as /diy-filler/product/new-name"
        validate={sitePath}
      />
    </SimpleForm>
  );
}
