import { describe, expect, it } from 'vitest';
import { BackofficeError } from '../../lib/api/client.ts';
import { checkoutText } from './checkout-text.ts';
import { FAKE_CARD_TOKENS, payLabel, paymentFailure, settledOutcome } from './payment.ts';

const refusal = (
  code: number,
  status: string,
  message = 'm',
  errors?: { field: string; message: string }[],
) => new BackofficeError('/checkout/complete', code, { status, message, ...(errors && { errors }) });

describe('payment step', () => {
  it('offers the five magic tokens with plain labels', () => {
    expect(FAKE_CARD_TOKENS).toEqual(['tok_ok', 'tok_decline', 'tok_3ds', 'tok_error', 'tok_timeout']);
    for (const token of FAKE_CARD_TOKENS) expect(checkoutText(`payment.tokens.${token}`)).not.toMatch(/tok_/);
  });

  it('waits for an awaited order until it is paid (or on account) or not paid', () => {
    expect(settledOutcome('paid')).toBe('paid');
    expect(settledOutcome('on_account')).toBe('paid');
    expect(settledOutcome('payment_failed')).toBe('unpaid');
    expect(settledOutcome('cancelled')).toBe('unpaid');
    expect(settledOutcome('pending_payment')).toBe('waiting');
  });

  it('labels the Pay button with the total in the spec format', () => {
    expect(payLabel(4599)).toBe('Pay 45,99 £');
    expect(payLabel(4000)).toBe('Pay 40,00 £');
  });

  it('says a declined card keeps the basket', () => {
    const failure = paymentFailure(refusal(402, 'payment_declined'));
    expect(failure.kind).toBe('declined');
    expect(failure.message).toMatch(/declined/);
    expect(failure.message).toMatch(/basket is unchanged/);
  });

  it('says an order above the credit left was not placed and the basket is kept', () => {
    const failure = paymentFailure(refusal(402, 'credit_limit_exceeded', 'Credit limit exceeded'));
    expect(failure.kind).toBe('refused');
    expect(failure.message).toMatch(/credit available/);
    expect(failure.message).toMatch(/basket is kept/);
  });

  it('shows the back-office message on the PO number under its field', () => {
    const failure = paymentFailure(
      refusal(400, 'validation_error', 'Invalid body', [
        { field: 'body.po_number', message: 'Please enter a PO' },
      ]),
    );
    expect(failure.fields).toEqual({ po_number: 'Please enter a PO' });
  });

  it('asks again when the price changed', () => {
    expect(paymentFailure(refusal(409, 'price_changed')).kind).toBe('price_changed');
  });

  it('goes back to the delivery step when the back-office misses one', () => {
    expect(paymentFailure(refusal(400, 'checkout_incomplete')).kind).toBe('incomplete');
  });

  it('shows a refusal with its own message (a code used up meanwhile)', () => {
    expect(paymentFailure(refusal(409, 'discount_exhausted', 'This code has been used up'))).toEqual({
      kind: 'refused',
      message: 'This code has been used up',
      fields: {},
    });
  });

  it('puts field errors under their fields, the e-mail above the form', () => {
    const failure = paymentFailure(
      refusal(400, 'validation_failed', 'Invalid', [
        { field: 'body.accept_terms', message: 'You must accept the sales conditions' },
        { field: 'body.email', message: 'Please enter a valid email address' },
      ]),
    );
    expect(failure.kind).toBe('fields');
    expect(failure.fields).toEqual({ accept_terms: 'You must accept the sales conditions' });
    expect(failure.message).toBe('Please enter a valid email address');
  });

  it('turns anything else (provider error, network) into a retry message', () => {
    expect(paymentFailure(refusal(502, 'payment_error')).message).toBe(
      checkoutText('payment.provider_error'),
    );
    expect(paymentFailure(new Error('boom')).kind).toBe('error');
  });
});
