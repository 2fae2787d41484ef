/**
 * What the account pages say of an order, pure: the page of a list from the URL, how many pages, a status or
 * payment method in words, and the lines "order again" could not add.
 */
import type { Reorder } from '../../lib/api/account.ts';
import { accountText } from './account-text.ts';

/** Orders per page of "my orders". */
export const ORDERS_PER_PAGE = 10;

/** `?page=3` → 3; anything else → 1. */
export function pageFrom(search: string): number {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** `on_account` → "On account"; an unknown method as it is. */
export function paymentMethodText(method: string | undefined): string | undefined {
  if (!method) return undefined;
  return method === 'card' || method === 'on_account' ? accountText(`order.methods.${method}`) : method;
}

/** One sentence per line "order again" left out, saying why. */
export function skippedText(skipped: Reorder['skipped']): string[] {
  return skipped.map((line) =>
    accountText(line.reason === 'free' ? 'reorder.skipped_free' : 'reorder.skipped_unavailable', {
      name: line.name,
    }),
  );
}
