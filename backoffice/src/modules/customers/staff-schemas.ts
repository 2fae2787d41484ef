/**
 * Queries, bodies and answers of the staff's customer calls (`/api/v1/staff/customers…`, issue 24;
 * docs/api-contract.md "Staff: customers"). The list takes react-admin's `page`, `perPage`, `sort`, `order` and
 * answers `{ data: { items, total } }`, as the other staff lists do. No answer ever carries a session token, a
 * link token or a password hash.
 */
import { FULFILMENT_STATUSES } from '@plasterwick/shop-rules/fulfilment';
import { z } from 'zod';
import { commonQuery, listSearchText } from '../../lib/params.ts';
import { ORDER_STATUSES } from '../../db/schema.ts';

const instant = z.iso.datetime({ offset: true });
const pence = z.number().int();

export const staffCustomerParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const STAFF_CUSTOMER_SORTS = ['created_at', 'email', 'last_name', 'company'] as const;

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const staffCustomerListQuery = commonQuery.extend({
  q: listSearchText(100)
    .optional()
    .describe('E-mail, first or last name, company or phone containing it (any case)'),
  audience: z.enum(['pro', 'part']).optional().describe('The audience the account signed up in'),
  trade_approved: flag.optional().describe('true: approved trade accounts only; false: the others'),
  disabled: flag.optional().describe('true: disabled accounts only; false: the others'),
  sort: z.enum(STAFF_CUSTOMER_SORTS).default('created_at'),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
});
export type StaffCustomerListQuery = z.infer<typeof staffCustomerListQuery>;

export const staffCustomerItem = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  audience: z.enum(['pro', 'part']),
  trade_approved: z.boolean(),
  email_verified: z.boolean(),
  disabled: z.boolean(),
  created_at: instant,
});
export type StaffCustomerItem = z.infer<typeof staffCustomerItem>;

export const staffCustomerPageSchema = staffCustomerItem.extend({
  civility: z.string().nullable(),
  company_number: z.string().nullable(),
  newsletter: z.boolean(),
  email_verified_at: instant.nullable(),
  disabled_at: instant.nullable(),
  updated_at: instant,
  trade: z.object({
    approved: z.boolean(),
    payment_terms_days: z.number().int(),
    credit_limit_pence: pence,
    po_required: z.boolean(),
  }),
  addresses: z.array(
    z.object({
      id: z.number().int(),
      label: z.string().nullable(),
      first_name: z.string(),
      last_name: z.string(),
      company: z.string().nullable(),
      address: z.string(),
      address_2: z.string().nullable(),
      town: z.string(),
      postcode: z.string(),
      country: z.string(),
      phone: z.string().nullable(),
      is_default_delivery: z.boolean(),
      is_default_billing: z.boolean(),
    }),
  ),
  orders: z
    .array(
      z.object({
        id: z.number().int().describe("The console's order page: /admin/orders/{id}/show"),
        number: z.string(),
        placed_at: instant,
        status: z.enum(ORDER_STATUSES),
        fulfilment_status: z.enum(FULFILMENT_STATUSES),
        total_ex_pence: pence,
        total_inc_pence: pence,
        currency: z.string(),
      }),
    )
    .describe('Newest first'),
  wishlist: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string().nullable().describe('null when the product has left the catalogue'),
      added_at: instant,
    }),
  ),
  sessions: z
    .array(z.object({ created_at: instant, last_seen_at: instant, expires_at: instant }))
    .describe('The signed-in browsers not yet expired (never their tokens), last seen first'),
});
export type StaffCustomerPage = z.infer<typeof staffCustomerPageSchema>;

export const sessionsEndedSchema = z.object({ ended: z.number().int().describe('How many sessions ended') });
export const mailQueuedSchema = z.object({ mail_id: z.number().int() });

export const eraseBody = z.strictObject({
  email: z
    .string()
    .trim()
    .min(1)
    .max(254)
    .describe("The customer's e-mail address, typed again to confirm (any case)"),
});

export const erasedSchema = z.object({
  id: z.number().int().describe('The id the erased account had'),
  orders_kept: z
    .number()
    .int()
    .describe('Orders kept for the VAT records, now marked erased (no e-mail, phone or account link)'),
  submissions_deleted: z.number().int(),
  mails_deleted: z.number().int(),
});
export type Erased = z.infer<typeof erasedSchema>;

/**
 * The export (UK GDPR subject access): one JSON document with a key per section (flows/export-customer.ts lists
 * them: account, addresses, sessions, wishlist, orders, form_submissions, audit_events).
 */
export const customerExportSchema = z
  .object({
    exported_at: instant,
    customer_id: z.number().int(),
  })
  .catchall(z.unknown());

export const staffCustomerSiteQuery = commonQuery;

/** `{ data: T }` */
export const answer = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const listAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.object({ items: z.array(item), total: z.number().int() }) });
