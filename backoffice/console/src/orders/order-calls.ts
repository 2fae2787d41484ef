/**
 * What staff do to an order from its page, each one call of the staff API (on the UK site, as every order call).
 * The page reads the order again afterwards (use-order-action.ts), so what it shows is the order as stored.
 */
import type { ShippingCarrier } from '@plasterwick/shop-rules/fulfilment';
import { unwrap, type Api } from '../api/client.ts';
import type { RefundBody } from '../api/types.ts';
import { SITE } from './site.ts';

/** The fulfilment moves a button offers, each to the state it reaches. */
export const MOVE_PATHS = {
  ready_for_collection: '/api/v1/staff/orders/{id}/ready-for-collection',
  collected: '/api/v1/staff/orders/{id}/collected',
  delivered: '/api/v1/staff/orders/{id}/delivered',
} as const;
export type SimpleMove = keyof typeof MOVE_PATHS;

export function orderCalls(api: Api) {
  const path = (id: number) => ({ params: { path: { id }, query: SITE } });
  return {
    move: async (id: number, to: SimpleMove): Promise<void> => {
      await unwrap(api.POST(MOVE_PATHS[to], path(id)));
    },
    dispatch: async (id: number, carrier: ShippingCarrier, trackingNumber: string) => {
      await unwrap(
        api.POST('/api/v1/staff/orders/{id}/dispatch', {
          ...path(id),
          body: { carrier, tracking_number: trackingNumber },
        }),
      );
    },
    cancel: async (id: number, reason: string) => {
      await unwrap(api.POST('/api/v1/staff/orders/{id}/cancel', { ...path(id), body: { reason } }));
    },
    refund: async (id: number, body: RefundBody) => {
      await unwrap(api.POST('/api/v1/staff/orders/{id}/refunds', { ...path(id), body }));
    },
    addNote: async (id: number, body: string) => {
      await unwrap(api.POST('/api/v1/staff/orders/{id}/notes', { ...path(id), body: { body } }));
    },
    resendConfirmation: async (id: number) => {
      await unwrap(api.POST('/api/v1/staff/orders/{id}/resend-confirmation', path(id)));
    },
    markInvoicePaid: async (id: number) => {
      await unwrap(api.POST('/api/v1/staff/orders/{id}/invoice-paid', path(id)));
    },
  };
}

export type OrderCalls = ReturnType<typeof orderCalls>;
