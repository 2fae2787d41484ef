/** A date and time of a record in UK time (dates.ts), or "Never" when there is none. */
import { DateField, type DateFieldProps } from 'react-admin';
import { UK_DATE_TIME, UK_LOCALE } from '../dates.ts';

export function UkDateField(props: DateFieldProps) {
  return <DateField showTime locales={UK_LOCALE} options={UK_DATE_TIME} emptyText="Never" {...props} />;
}
