import { describe, expect, it } from 'vitest';
import { allows, ROLE_CHOICES } from './access.ts';

describe('allows', () => {
  it('lets a person with staff:read list people and invitations, and only staff:write change them', () => {
    const reader = ['account:self', 'staff:read'];
    expect(allows(reader, 'people', 'list')).toBe(true);
    expect(allows(reader, 'invitations', 'list')).toBe(true);
    expect(allows(reader, 'people', 'edit')).toBe(false);
    expect(allows(reader, 'invitations', 'create')).toBe(false);
    expect(allows([...reader, 'staff:write'], 'people', 'edit')).toBe(true);
  });

  it('lets everyone with their own account see and end their sessions', () => {
    expect(allows(['account:self'], 'sessions', 'list')).toBe(true);
    expect(allows(['account:self'], 'sessions', 'delete')).toBe(true);
    expect(allows(['orders:read'], 'sessions', 'list')).toBe(false);
  });

  it('shows the order actions only to the roles that may do them', () => {
    const customerService = ['account:self', 'orders:read', 'orders:notes', 'orders:resend'];
    expect(allows(customerService, 'orders', 'show')).toBe(true);
    expect(allows(customerService, 'orders', 'note')).toBe(true);
    expect(allows(customerService, 'orders', 'refund')).toBe(false);
    expect(allows(customerService, 'orders', 'fulfil')).toBe(false);
    expect(allows(customerService, 'invoices', 'mark_paid')).toBe(false);
    expect(allows(['orders:refund'], 'orders', 'refund')).toBe(true);
    expect(allows(['orders:write'], 'orders', 'cancel')).toBe(true);
    expect(allows(['orders:read', 'invoices:write'], 'invoices', 'mark_paid')).toBe(true);
  });

  it('refuses what it does not know (deny by default)', () => {
    expect(allows(['staff:read', 'staff:write'], 'people', 'delete')).toBe(false);
    expect(allows(['staff:read', 'staff:write'], 'tokens', 'list')).toBe(false);
  });
});

it('offers the eight roles in the back-office order, each with its British name', () => {
  expect(ROLE_CHOICES.map(({ id }) => id)).toEqual([
    'owner',
    'orders',
    'customer_service',
    'recruitment',
    'credit_control',
    'catalogue',
    'content',
    'read_only',
  ]);
  expect(ROLE_CHOICES.find(({ id }) => id === 'customer_service')?.name).toBe('Customer service');
});
