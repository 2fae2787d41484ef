import { expect, it } from 'vitest';
import { createApi } from '../api/client.ts';
import { orderCalls } from './order-calls.ts';

/** A back-office that answers `status` and `body` to every call and remembers the requests. */
function backOffice(status: number, body: unknown) {
  const requests: Request[] = [];
  const fetch = async (input: Request) => {
    requests.push(input);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { requests, calls: orderCalls(createApi('http://console.test', fetch as typeof globalThis.fetch)) };
}

it('dispatches on the UK site with the carrier and tracking number', async () => {
  const { requests, calls } = backOffice(200, { data: { id: 4, fulfilment_status: 'dispatched' } });
  await calls.dispatch(4, 'royal_mail', 'AB123456789GB');
  expect(requests[0]!.method).toBe('POST');
  expect(new URL(requests[0]!.url).pathname).toBe('/api/v1/staff/orders/4/dispatch');
  expect(new URL(requests[0]!.url).searchParams.get('site_id')).toBe('3');
  expect(await requests[0]!.json()).toEqual({ carrier: 'royal_mail', tracking_number: 'AB123456789GB' });
});

it('moves an order to ready for collection, collected or delivered on their own paths', async () => {
  const { requests, calls } = backOffice(200, { data: { id: 4 } });
  await calls.move(4, 'ready_for_collection');
  await calls.move(4, 'collected');
  await calls.move(4, 'delivered');
  expect(requests.map((request) => new URL(request.url).pathname)).toEqual([
    '/api/v1/staff/orders/4/ready-for-collection',
    '/api/v1/staff/orders/4/collected',
    '/api/v1/staff/orders/4/delivered',
  ]);
});

it('refunds with the key of the dialog, so a second click is the same refund', async () => {
  const { requests, calls } = backOffice(200, { data: { id: 4 } });
  const body = { idempotency_key: 'k-1', reason: 'Damaged', amount_pence: 500 };
  await calls.refund(4, body);
  expect(new URL(requests[0]!.url).pathname).toBe('/api/v1/staff/orders/4/refunds');
  expect(await requests[0]!.json()).toEqual(body);
});

it('turns a refused move into an error with the API code and message', async () => {
  const { calls } = backOffice(409, {
    status: 'fulfilment_not_allowed',
    message: 'This order cannot be dispatched now',
    current: 'cancelled',
  });
  await expect(calls.dispatch(4, 'dpd', '1234567890')).rejects.toMatchObject({
    status: 409,
    message: 'This order cannot be dispatched now',
    body: { code: 'fulfilment_not_allowed' },
  });
});
