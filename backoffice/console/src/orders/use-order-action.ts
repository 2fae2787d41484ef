/**
 * Runs an order action and shows its result: the order is read again (its page then shows what the action changed,
 * with the e-mails and timeline entries it added), the lists and the dashboard are read again when next shown, and
 * a refusal becomes words for the dialog. A conflict (someone else moved the order first) also reloads the order,
 * so the page shows it as it is.
 */
import { useQueryClient } from '@tanstack/react-query';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import type { ApiErrorDetails } from '../api/client.ts';
import { failureMessage } from '../ui/use-submit.ts';
import { fulfilmentLabel } from './labels.ts';

/** The back-office's refusals of an order action (docs/api-contract.md) that have words of their own in i18n.ts. */
const WORDED_REFUSALS = [
  'fulfilment_not_allowed',
  'order_not_paid',
  'refund_exceeds_captured',
  'refund_exceeds_bought',
  'idempotency_key_reused',
];

export function useOrderAction(orderId: number) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();

  const refused = (error: unknown): Error => {
    if (!(error instanceof HttpError)) return new Error(failureMessage(error));
    const { code, current } = (error.body ?? {}) as Partial<ApiErrorDetails>;
    if (error.status === 409) {
      void queryClient.invalidateQueries({ queryKey: ['orders', 'getOne', { id: String(orderId) }] });
    }
    if (error.status === 403) return new Error(translate('orders.refused.forbidden'));
    if (code && WORDED_REFUSALS.includes(code)) {
      return new Error(
        translate(`orders.refused.${code}`, {
          current: current ? fulfilmentLabel(current) : '',
          _: error.message,
        }),
      );
    }
    return new Error(failureMessage(error));
  };

  /** Calls `action`; on success shows `done` (a message key of i18n.ts) and refreshes what it changed. */
  return async function run(
    action: () => Promise<void>,
    done: string,
    options: Record<string, string> = {},
  ): Promise<void> {
    try {
      await action();
    } catch (error) {
      throw refused(error);
    }
    await queryClient.invalidateQueries({ queryKey: ['orders', 'getOne', { id: String(orderId) }] });
    void queryClient.invalidateQueries({ queryKey: ['orders', 'getList'] });
    void queryClient.invalidateQueries({ queryKey: ['invoices', 'getList'] });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    notify(translate(`orders.done.${done}`, options), { type: 'success' });
  };
}
