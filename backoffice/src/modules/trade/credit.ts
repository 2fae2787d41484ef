/** Paying on account: an order fits under the account's credit limit, checked under the account row's lock. */
import { formatPrice } from '@plasterwick/shop-rules/price-format';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema.ts';
import type { Executor } from '../../db/types.ts';
import { DAY_MS } from '@plasterwick/shop-rules/time';
import { DomainError } from '../../lib/errors.ts';
import { tradeOnHold } from './accounts.ts';
import { outstandingPence } from './service.ts';

export const onAccountUnavailable = () =>
  new DomainError(
    'payment_method_unavailable',
    'Paying on account needs an approved trade account: please pay by card',
    {
      fields: [
        {
          field: 'payment_method',
          message: 'Paying on account needs an approved trade account: please pay by card',
        },
      ],
    },
  );

/** Credit control put the account on hold (a hold and a release take the same row lock as this check). */
export const accountOnHold = () =>
  new DomainError(
    'payment_method_unavailable',
    'Your trade account is on hold: please pay by card, or contact us',
    {
      fields: [
        {
          field: 'payment_method',
          message: 'Your trade account is on hold: please pay by card, or contact us',
        },
      ],
    },
  );

/**
 * Checks that an order of `totalPence` fits under the account's credit, holding the account row's lock for the
 * rest of the caller's transaction, so two baskets of one account completed at once cannot both fit under a limit
 * only one fits under. Returns when the invoice falls due.
 */
export async function creditForOrder(
  tx: Executor,
  customerId: number,
  totalPence: number,
  now: Date,
): Promise<{ paymentDueAt: Date }> {
  const [account] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
  if (!account?.tradeApproved) throw onAccountUnavailable();
  if (await tradeOnHold(tx, account.id)) throw accountOnHold();
  const owed = await outstandingPence(tx, account.id);
  if (owed + totalPence > account.creditLimitPence) {
    throw new DomainError(
      'credit_limit_exceeded',
      `This order is over the credit left on your account (${formatPrice(Math.max(0, account.creditLimitPence - owed))}): ` +
        'please pay by card, or contact us to raise your limit',
    );
  }
  return { paymentDueAt: new Date(now.getTime() + account.paymentTermsDays * DAY_MS) };
}
