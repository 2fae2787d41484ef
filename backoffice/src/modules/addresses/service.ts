/**
 * The customer's address book (spec §7 `address` resource, api-contract.md "Accounts"): at most
 * MAX_SAVED_ADDRESSES, one default delivery and one default billing address (partial unique indexes). Every write
 * runs in a transaction holding the customer row's lock, so the limit holds under concurrent calls and a new
 * default takes the flag from the old one at once. Another customer's address is a 404, never a 403.
 */
import { MAX_SAVED_ADDRESSES } from '@plasterwick/shop-rules/accounts';
import type { BillingCountry } from '@plasterwick/shop-rules/checkout';
import { formatPostcode, normalisePostcode } from '@plasterwick/shop-rules/postcode';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/types.ts';
import type { Executor } from '../../db/types.ts';
import { DomainError, notFound } from '../../lib/errors.ts';
import { lockCustomer } from '../customers/index.ts';
import type { SavedAddress } from './schemas.ts';
import { customerAddresses } from './tables.ts';

export type AddressRow = typeof customerAddresses.$inferSelect;
/** An address as the forms send it (shop-rules' `addressCreateBody`), or as checkout saves a typed one. */
export interface AddressInput {
  label?: string | undefined;
  first_name: string;
  last_name: string;
  company?: string | undefined;
  address: string;
  address_2?: string | undefined;
  town: string;
  postcode: string;
  country: BillingCountry;
  phone?: string | undefined;
  is_default_delivery: boolean;
  is_default_billing: boolean;
}

const addressNotFound = (id: number) => notFound(`Address ${id}`);

export const tooManyAddresses = () =>
  new DomainError(
    'too_many_addresses',
    `Your address book is full (${MAX_SAVED_ADDRESSES} addresses): please delete one first`,
  );

export function savedAddressAnswer(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    label: row.label,
    first_name: row.firstName,
    last_name: row.lastName,
    company: row.company,
    address: row.address,
    address_2: row.address2,
    town: row.town,
    postcode: row.postcode,
    country: row.country as SavedAddress['country'],
    phone: row.phone,
    is_default_delivery: row.isDefaultDelivery,
    is_default_billing: row.isDefaultBilling,
  };
}

/** The columns of an input: a UK postcode formatted like every other one the shop stores. */
function columnsOf(input: AddressInput) {
  return {
    label: input.label ?? null,
    firstName: input.first_name,
    lastName: input.last_name,
    company: input.company ?? null,
    address: input.address,
    address2: input.address_2 ?? null,
    town: input.town,
    postcode: input.country === 'uk' ? formatPostcode(normalisePostcode(input.postcode)) : input.postcode,
    country: input.country,
    phone: input.phone ?? null,
    isDefaultDelivery: input.is_default_delivery,
    isDefaultBilling: input.is_default_billing,
  };
}

/** Takes the default flags `flags` claims off the customer's other addresses (before this one gets them). */
async function releaseDefaults(
  tx: Executor,
  customerId: number,
  flags: { isDefaultDelivery: boolean; isDefaultBilling: boolean },
  exceptId?: number,
): Promise<void> {
  const others = and(
    eq(customerAddresses.customerId, customerId),
    exceptId === undefined ? undefined : ne(customerAddresses.id, exceptId),
  );
  if (flags.isDefaultDelivery) {
    await tx
      .update(customerAddresses)
      .set({ isDefaultDelivery: false })
      .where(and(others, eq(customerAddresses.isDefaultDelivery, true)));
  }
  if (flags.isDefaultBilling) {
    await tx
      .update(customerAddresses)
      .set({ isDefaultBilling: false })
      .where(and(others, eq(customerAddresses.isDefaultBilling, true)));
  }
}

/** `GET /address`: the default delivery address first, then the default billing one, then the oldest first. */
export function listAddresses(db: Database, customerId: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(
      desc(customerAddresses.isDefaultDelivery),
      desc(customerAddresses.isDefaultBilling),
      asc(customerAddresses.id),
    );
}

/** One of the customer's addresses; 404 for an unknown id and for another customer's. */
export async function findAddress(db: Executor, customerId: number, id: number): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)));
  if (!row) throw addressNotFound(id);
  return row;
}

/** Inserts an address in the caller's transaction (which holds the customer's lock); 409 beyond the limit. */
async function insertAddress(
  tx: Executor,
  customerId: number,
  input: AddressInput,
  now: Date,
): Promise<AddressRow> {
  const [held] = await tx
    .select({ n: count() })
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId));
  if ((held?.n ?? 0) >= MAX_SAVED_ADDRESSES) throw tooManyAddresses();
  const columns = columnsOf(input);
  await releaseDefaults(tx, customerId, columns);
  const [row] = await tx
    .insert(customerAddresses)
    .values({ ...columns, customerId, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** `POST /address`. */
export function createAddress(
  db: Database,
  customerId: number,
  input: AddressInput,
  now: Date,
): Promise<AddressRow> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    return insertAddress(tx, customerId, input, now);
  });
}

/** `PUT /address`: the whole address again (the id in the body, spec §7). */
export function updateAddress(
  db: Database,
  customerId: number,
  id: number,
  input: AddressInput,
  now: Date,
): Promise<AddressRow> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    await findAddress(tx, customerId, id);
    const columns = columnsOf(input);
    await releaseDefaults(tx, customerId, columns, id);
    const [row] = await tx
      .update(customerAddresses)
      .set({ ...columns, updatedAt: now })
      .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)))
      .returning();
    return row!;
  });
}

/** `DELETE /address`. */
export async function deleteAddress(db: Database, customerId: number, id: number): Promise<void> {
  const removed = await db
    .delete(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)))
    .returning({ id: customerAddresses.id });
  if (removed.length === 0) throw addressNotFound(id);
}

/**
 * Checkout's `save_address: true`, in the step's transaction: the typed address joins the book unless the same
 * address is already there, and becomes the default of its kind when the customer has none yet (so the next
 * checkout starts from it). A full book is a 409 `too_many_addresses`, before the step changes anything.
 */
export async function saveCheckoutAddress(
  tx: Executor,
  customerId: number,
  kind: 'delivery' | 'billing',
  address: Omit<AddressInput, 'label' | 'is_default_delivery' | 'is_default_billing'>,
  now: Date,
): Promise<void> {
  await lockCustomer(tx, customerId);
  const book = await tx.select().from(customerAddresses).where(eq(customerAddresses.customerId, customerId));
  const wanted = columnsOf({ ...address, is_default_delivery: false, is_default_billing: false });
  const same = (row: AddressRow) =>
    row.firstName === wanted.firstName &&
    row.lastName === wanted.lastName &&
    row.company === wanted.company &&
    row.address === wanted.address &&
    row.address2 === wanted.address2 &&
    row.town === wanted.town &&
    row.postcode === wanted.postcode &&
    row.country === wanted.country;
  if (book.some(same)) return;
  await insertAddress(
    tx,
    customerId,
    {
      ...address,
      is_default_delivery: kind === 'delivery' && !book.some((row) => row.isDefaultDelivery),
      is_default_billing: kind === 'billing' && !book.some((row) => row.isDefaultBilling),
    },
    now,
  );
}
