/**
 * The discount form's values and the staff API's body (pure, unit-tested). Staff type amounts in pounds and dates
 * in UK time; the API counts pence and takes instants. A change sends only the fields that differ from the code as
 * it was read, with its version; field errors of the API are renamed to the inputs that show them.
 */
import type { paths } from '../api/schema';
import { parsePounds } from '../money.ts';

type Json<Answer> = Answer extends { content: { 'application/json': infer Body } } ? Body : never;
export type StaffDiscount = Json<paths['/api/v1/staff/discounts/{id}']['get']['responses'][200]>['data'];
export type DiscountBody = NonNullable<
  paths['/api/v1/staff/discounts']['post']['requestBody']
>['content']['application/json'];
export type DiscountKind = StaffDiscount['kind'];
export type DiscountState = StaffDiscount['state'];

export const KIND_LABELS: Record<DiscountKind, string> = {
  percentage: 'Percentage off',
  fixed_amount: 'Amount off',
  free_product: 'Free product',
};
export const STATE_LABELS: Record<DiscountState, string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  expired: 'Expired',
  used_up: 'Used up',
  deactivated: 'Deactivated',
};
export const AUDIENCE_LABELS: Record<StaffDiscount['audience'], string> = {
  both: 'Trade and DIY',
  pro: 'Trade only',
  part: 'DIY only',
};

export const choicesOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([id, name]) => ({ id, name }));

// ---- UK time ----------------------------------------------------------------------------------------------------

const UK_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as UK wall time, `YYYY-MM-DDTHH:mm` (what a datetime-local input shows). */
export function ukWallTime(value: string | Date): string {
  const parts = Object.fromEntries(UK_PARTS.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The UK's offset from UTC at `instant`, in minutes (0 in winter, 60 in summer). */
function ukOffsetMinutes(instant: number): number {
  const wall = ukWallTime(new Date(instant));
  return (Date.parse(`${wall}:00Z`) - Math.floor(instant / 60_000) * 60_000) / 60_000;
}

/**
 * UK wall time (`2027-06-01T10:00`) as an ISO instant, or undefined when it is not one. A time that does not
 * exist (the hour skipped in March) is read in winter time; one that happens twice (October) is the first.
 */
export function ukInstant(wall: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}))?$/.exec(wall.trim());
  if (!match) return undefined;
  const asUtc = Date.parse(`${match[1]}T${match[2] ?? '00:00'}:00Z`);
  // Some engines roll 30 February over to 2 March: a day that does not come back as typed is no day.
  if (Number.isNaN(asUtc) || new Date(asUtc).toISOString().slice(0, 10) !== match[1]) return undefined;
  const early = asUtc - ukOffsetMinutes(asUtc - 60 * 60_000) * 60_000;
  const instant = ukWallTime(new Date(early)) === `${match[1]}T${match[2] ?? '00:00'}` ? early : asUtc;
  return new Date(instant).toISOString();
}

// ---- the form ---------------------------------------------------------------------------------------------------

/** What the form holds: the API's fields, with amounts as typed in pounds. */
export interface DiscountFormValues {
  code?: string;
  description?: string;
  kind?: DiscountKind;
  percent?: number | null;
  amount_pounds?: string | null;
  free_variant_reference?: string | null;
  audience?: StaffDiscount['audience'];
  min_subtotal_pounds?: string | null;
  usage_limit?: number | null;
  once_per_customer?: boolean;
  starts_at?: string | null;
  ends_at?: string | null;
}

/** The form's names of the API's fields where they differ (amounts in pounds). */
const FORM_FIELDS: Record<string, string> = {
  amount_pence: 'amount_pounds',
  min_subtotal_pence: 'min_subtotal_pounds',
};

export const formFieldOf = (apiField: string) => FORM_FIELDS[apiField] ?? apiField;

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** "12.50" → 1250; blank → null (the API's "none"). Invalid text is caught by the form's own check first. */
function penceOf(text: string | null | undefined): number | null {
  if (blank(text)) return null;
  return parsePounds(String(text)) ?? null;
}

const poundsText = (pence: number | null) => (pence === null ? null : (pence / 100).toFixed(2));

/** The form's values of a code as read. */
export function formValuesOf(discount: StaffDiscount): DiscountFormValues {
  return {
    code: discount.code,
    description: discount.description,
    kind: discount.kind,
    percent: discount.percent,
    amount_pounds: poundsText(discount.amount_pence),
    free_variant_reference: discount.free_variant_reference,
    audience: discount.audience,
    min_subtotal_pounds: poundsText(discount.min_subtotal_pence),
    usage_limit: discount.usage_limit,
    once_per_customer: discount.once_per_customer,
    starts_at: discount.starts_at,
    ends_at: discount.ends_at,
  };
}

/** The API's body of the form's values: only the kind's own value field, blanks as null. */
export function bodyOf(values: DiscountFormValues): DiscountBody {
  const kind = values.kind ?? 'percentage';
  const number = (value: unknown) => (blank(value) ? null : Number(value));
  return {
    code: String(values.code ?? ''),
    description: String(values.description ?? ''),
    kind,
    percent: kind === 'percentage' ? number(values.percent) : null,
    amount_pence: kind === 'fixed_amount' ? penceOf(values.amount_pounds) : null,
    free_variant_reference:
      kind === 'free_product' && !blank(values.free_variant_reference)
        ? String(values.free_variant_reference).trim()
        : null,
    audience: values.audience ?? 'both',
    min_subtotal_pence: penceOf(values.min_subtotal_pounds),
    usage_limit: number(values.usage_limit),
    once_per_customer: Boolean(values.once_per_customer),
    starts_at: blank(values.starts_at) ? null : String(values.starts_at),
    ends_at: blank(values.ends_at) ? null : String(values.ends_at),
  };
}

/** The fields of `values` that differ from the code as read: what a change sends (with the version). */
export function changesOf(values: DiscountFormValues, previous: StaffDiscount): Partial<DiscountBody> {
  const next = bodyOf(values);
  const before = bodyOf(formValuesOf(previous));
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    const old = before[key as keyof DiscountBody];
    const same =
      (key === 'starts_at' || key === 'ends_at') && value && old
        ? Date.parse(String(value)) === Date.parse(String(old))
        : value === old;
    if (!same) changed[key] = value;
  }
  // A kind's value is sent with it, so the API checks the pair together.
  if ('kind' in changed) {
    const valueField = {
      percentage: 'percent',
      fixed_amount: 'amount_pence',
      free_product: 'free_variant_reference',
    }[next.kind] as keyof DiscountBody;
    changed[valueField] = next[valueField];
  }
  return changed as Partial<DiscountBody>;
}

/** A typed amount in pounds: undefined when fine (or blank), else the message shown under the input. */
export function poundsError(value: unknown): string | undefined {
  if (blank(value)) return undefined;
  return parsePounds(String(value)) === undefined ? 'Enter an amount in pounds, such as 12.50' : undefined;
}
