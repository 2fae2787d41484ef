/**
 * The fields of a discount code, for creating and changing one: the code as shoppers type it (stored in upper
 * case), what the basket shows, the kind and its value (a percentage, an amount in pounds, or the reference of the
 * pack given), who may use it, the least basket, how many uses, once per customer, and when it starts and ends (UK
 * time). The back-office checks everything again: its messages show under the fields they concern.
 */
import {
  BooleanInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  SimpleForm,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  regex,
  required,
  type SimpleFormProps,
} from 'react-admin';
import {
  AUDIENCE_LABELS,
  choicesOf,
  KIND_LABELS,
  poundsError,
  ukInstant,
  ukWallTime,
  type DiscountFormValues,
} from './discount-form.ts';

/** A datetime-local input shows UK wall time; the form holds the instant. */
const ukTime = {
  type: 'datetime-local',
  format: (value: unknown) => (typeof value === 'string' && value !== '' ? ukWallTime(value) : ''),
  parse: (value: string) => (value === '' ? null : (ukInstant(value) ?? null)),
  slotProps: { inputLabel: { shrink: true } },
} as const;

const pounds = (value: unknown) => poundsError(value);

export function DiscountForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm {...props}>
      <TextInput
        source="code"
        label="Code"
        helperText="What shoppers type: letters, digits, hyphens and underscores (stored in capitals)"
        validate={[
          required(),
          maxLength(40),
          regex(
            /^\s*[A-Za-z0-9][A-Za-z0-9_-]{2,39}\s*$/,
            'Use 3 to 40 letters, digits, hyphens or underscores',
          ),
        ]}
      />
      <TextInput
        source="description"
        label="Shown in the basket"
        helperText='Such as "10 % off your order"'
        validate={[required(), maxLength(200)]}
        fullWidth
      />
      <RadioButtonGroupInput
        source="kind"
        label="Kind"
        choices={choicesOf(KIND_LABELS)}
        validate={required()}
      />
      <FormDataConsumer<DiscountFormValues>>
        {({ formData }) =>
          formData.kind === 'fixed_amount' ? (
            <TextInput
              source="amount_pounds"
              label="Amount off (£)"
              helperText="Inc VAT for DIY baskets, ex VAT for trade baskets"
              validate={[required(), pounds]}
            />
          ) : formData.kind === 'free_product' ? (
            <TextInput
              source="free_variant_reference"
              label="Pack given (reference)"
              helperText="The pack's reference, such as PW-1121-50"
              validate={required()}
            />
          ) : (
            <NumberInput
              source="percent"
              label="Percentage off"
              min={1}
              max={100}
              step={1}
              validate={[required(), minValue(1), maxValue(100)]}
            />
          )
        }
      </FormDataConsumer>
      <SelectInput
        source="audience"
        label="Who may use it"
        choices={choicesOf(AUDIENCE_LABELS)}
        validate={required()}
      />
      <TextInput
        source="min_subtotal_pounds"
        label="Least basket (£)"
        helperText="Leave empty for none"
        validate={pounds}
      />
      <NumberInput
        source="usage_limit"
        label="Most uses in all"
        helperText="Leave empty for no limit"
        min={1}
        step={1}
        validate={minValue(1)}
      />
      <BooleanInput source="once_per_customer" label="Once per customer" />
      <TextInput
        source="starts_at"
        label="Starts (UK time)"
        helperText="Leave empty to start now"
        {...ukTime}
      />
      <TextInput source="ends_at" label="Ends (UK time)" helperText="Leave empty for no end" {...ukTime} />
    </SimpleForm>
  );
}
