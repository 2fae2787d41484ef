import { describe, expect, it } from 'vitest';
import { orderStateText } from './order-summary.ts';

describe('an order’s state in words', () => {
  it('adds where a paid or on-account order is, in FULFILMENT_LABELS words', () => {
    expect(orderStateText({ status: 'paid', fulfilment: 'unfulfilled' })).toBe('Paid · Being prepared');
    expect(orderStateText({ status: 'paid', fulfilment: 'dispatched' })).toBe('Paid · Dispatched');
    expect(orderStateText({ status: 'on_account', fulfilment: 'ready_for_collection' })).toBe(
      'On account · Ready to collect',
    );
  });

  it('says nothing of preparing an unpaid order, nor "cancelled" twice', () => {
    expect(orderStateText({ status: 'pending_payment', fulfilment: 'unfulfilled' })).toBe('Awaiting payment');
    expect(orderStateText({ status: 'cancelled', fulfilment: 'cancelled' })).toBe('Cancelled');
    expect(orderStateText({ status: 'paid' })).toBe('Paid');
  });
});
