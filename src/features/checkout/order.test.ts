import { describe, expect, it } from 'vitest';
import {
  EMPTY_ORDER,
  ORDER_ACCESS_MS,
  accessFor,
  decodeOrderAccess,
  decodeOrderState,
  furthestStep,
  guardStep,
  orderNumberFrom,
  rememberAccess,
} from './order.ts';

describe('order state', () => {
  it('reads back what it stored and refuses anything else', () => {
    const state = { ...EMPTY_ORDER, step: 'payment', carrier: 'standard', phone: '0161 496 0000' };
    expect(decodeOrderState(JSON.stringify(state))).toEqual(state);
    expect(decodeOrderState('{"step":"paid"}')).toEqual(EMPTY_ORDER);
    expect(decodeOrderState('not json')).toEqual(EMPTY_ORDER);
    expect(decodeOrderState(undefined)).toEqual(EMPTY_ORDER);
  });

  it('only moves the step forward', () => {
    expect(furthestStep('payment', 'delivery')).toBe('payment');
    expect(furthestStep('delivery', 'payment')).toBe('payment');
  });
});

describe('step guards', () => {
  const paying = { ...EMPTY_ORDER, step: 'payment' as const };
  it('sends a checkout without a cart back to the basket', () => {
    expect(guardStep('delivery', { hasCart: false, order: EMPTY_ORDER })).toEqual({ kind: 'empty' });
    expect(guardStep('payment', { hasCart: false, order: paying })).toEqual({ kind: 'empty' });
  });
  it('needs the delivery step before the payment step', () => {
    expect(guardStep('delivery', { hasCart: true, order: EMPTY_ORDER })).toEqual({ kind: 'show' });
    expect(guardStep('payment', { hasCart: true, order: EMPTY_ORDER })).toEqual({
      kind: 'redirect',
      to: 'delivery',
    });
    expect(guardStep('payment', { hasCart: true, order: paying })).toEqual({ kind: 'show' });
  });
  it('trusts the back-office once it answered', () => {
    expect(guardStep('payment', { hasCart: true, order: paying, deliveryChosen: false })).toEqual({
      kind: 'redirect',
      to: 'delivery',
    });
    expect(guardStep('payment', { hasCart: true, order: EMPTY_ORDER, deliveryChosen: true })).toEqual({
      kind: 'show',
    });
  });
});

describe('order access tokens', () => {
  const now = 1_000_000;
  it('keeps a token for 2 hours', () => {
    const list = rememberAccess(
      [],
      { number: 'PW-000001', token: 't1', expiresAt: now + ORDER_ACCESS_MS },
      now,
    );
    expect(accessFor(list, 'PW-000001', now + ORDER_ACCESS_MS - 1)).toBe('t1');
    expect(accessFor(list, 'PW-000001', now + ORDER_ACCESS_MS)).toBeUndefined();
    expect(accessFor(list, 'PW-000002', now)).toBeUndefined();
  });

  it('replaces the same order, drops expired ones and keeps five', () => {
    let list = rememberAccess([], { number: 'old', token: 'x', expiresAt: now - 1 }, now - 10);
    for (let i = 1; i <= 6; i++)
      list = rememberAccess(list, { number: `PW-${i}`, token: `t${i}`, expiresAt: now + 10 }, now);
    list = rememberAccess(list, { number: 'PW-6', token: 'again', expiresAt: now + 20 }, now);
    expect(list.map((entry) => entry.number)).toEqual(['PW-6', 'PW-5', 'PW-4', 'PW-3', 'PW-2']);
    expect(list[0]!.token).toBe('again');
  });

  it('reads the stored list safely', () => {
    expect(decodeOrderAccess('[{"number":"PW-1","token":"t","expiresAt":5}]')).toHaveLength(1);
    expect(decodeOrderAccess('[{"number":1}]')).toEqual([]);
  });

  it('reads the order number of the confirmation URL', () => {
    expect(orderNumberFrom('?order=PW-000123')).toBe('PW-000123');
    expect(orderNumberFrom('?order=%3Cscript%3E')).toBeUndefined();
    expect(orderNumberFrom('')).toBeUndefined();
  });
});
