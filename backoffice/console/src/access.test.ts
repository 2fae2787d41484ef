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
