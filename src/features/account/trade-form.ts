/**
 * The trade account application form, pure: its entries → the body of `POST /trade/application`, checked with the
 * back-office's own schema (`tradeApplicationBody`), so the messages are the same. The monthly spend is typed in
 * whole pounds ("1500", "£1,500" read the same); anything else that is not a whole number is sent as typed and
 * refused with the schema's message.
 */
import { tradeApplicationBody } from '@plasterwick/shop-rules/accounts';
import { issuesToFieldErrors, type FieldMapping } from '../forms/field-mapping.ts';

export type Entries = Readonly<Record<string, string | undefined>>;

/** "£1,500" → 1500; blank → undefined; anything else → NaN (the schema's message). */
export function poundsOf(value: string | undefined): number | undefined {
  const typed = (value ?? '').replace(/[£,\s]/g, '');
  if (typed === '') return undefined;
  return /^\d{1,9}$/.test(typed) ? Number(typed) : Number.NaN;
}

export function tradeDraft(entries: Entries): Record<string, unknown> {
  const text = (name: string) => (entries[name] ?? '').trim();
  const vat = text('vat_number');
  return {
    company: text('company'),
    company_number: text('company_number'),
    ...(vat && { vat_number: vat }),
    expected_monthly_spend_pounds: poundsOf(entries.expected_monthly_spend_pounds),
    phone: text('phone'),
  };
}

export interface TradeCheck {
  errors: Record<string, string>;
  body?: Record<string, unknown>;
}

export function checkTradeApplication(entries: Entries, mapping: FieldMapping = {}): TradeCheck {
  const parsed = tradeApplicationBody.safeParse(tradeDraft(entries));
  if (!parsed.success) return { errors: issuesToFieldErrors(parsed.error.issues, mapping) };
  return { errors: {}, body: parsed.data as Record<string, unknown> };
}
