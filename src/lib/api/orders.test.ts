import { describe, expect, it } from 'vitest';
import { listMyOrders } from './account.ts';
import { orderAnswerSchema } from './orders.ts';
import type { ApiClient } from './client.ts';

const amount = (inc: number, vat: number) => ({ ttc: inc, tax: vat, ht: inc - vat });
const base = {
  number: 'PW-000007',
  status: 'paid',
  amount: amount(2500, 417),
  grand_total: amount(2995, 500),
  delivery: null,
};

describe('the fulfilment of an order (issue 23)', () => {
  it('maps the fulfilment state and, once dispatched, the tracking', () => {
    const order = orderAnswerSchema.parse({
      order: {
        ...base,
        fulfilment_status: 'dispatched',
        tracking: {
          carrier: 'royal_mail',
          carrier_name: 'Royal Mail',
          number: 'AB123456789GB',
          url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
        },
      },
    });
    expect(order.fulfilment).toBe('dispatched');
    expect(order.tracking).toEqual({
      carrierName: 'Royal Mail',
      number: 'AB123456789GB',
      url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    });
  });

  it('reads an older answer without them, and drops a state it does not know or a link that is not the web', () => {
    expect(orderAnswerSchema.parse({ order: base })).not.toHaveProperty('fulfilment');
    const odd = orderAnswerSchema.parse({
      order: {
        ...base,
        fulfilment_status: 'teleported',
        tracking: { carrier: 'x', carrier_name: 'X', number: '1', url: 'javascript:alert(1)' },
      },
    });
    expect(odd.fulfilment).toBeUndefined();
    expect(odd.tracking).toBeUndefined();
    expect(orderAnswerSchema.parse({ order: { ...base, tracking: null } }).tracking).toBeUndefined();
  });

  it('gives My orders each order’s fulfilment state', async () => {
    const api = {
      get: async (_path: string, schema: { parse(value: unknown): unknown }) =>
        schema.parse({
          items: [
            {
              number: 'PW-000007',
              status: 'paid',
              placed_at: '2030-01-01T00:00:00Z',
              grand_total: amount(2995, 500),
              lines: 1,
              fulfilment_status: 'ready_for_collection',
            },
          ],
          total: 1,
          page: 1,
          perPage: 10,
        }),
    } as unknown as ApiClient;
    const page = await listMyOrders(api, 1, 10);
    expect(page.items[0]).toMatchObject({ number: 'PW-000007', fulfilment: 'ready_for_collection' });
  });
});
