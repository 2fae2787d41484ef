import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  permissionsOf,
  ROLE_PERMISSIONS,
  roleCan,
  ROLES,
  scopeCan,
  scopePermissions,
} from './roles.ts';

describe('the role × permission matrix', () => {
  it('gives the owner everything a person can hold and every role its own account', () => {
    expect(permissionsOf('owner')).toEqual(ALL_PERMISSIONS.filter((p) => p !== 'builds:write'));
    for (const role of ROLES) expect(roleCan(role, 'account:self')).toBe(true);
  });

  it('names only known permissions, each once', () => {
    for (const role of ROLES) {
      const permissions = ROLE_PERMISSIONS[role];
      expect(new Set(permissions).size).toBe(permissions.length);
      for (const permission of permissions) expect(ALL_PERMISSIONS).toContain(permission);
    }
  });

  it('keeps what the issue withholds: no refunds or CVs for customer service, no personal data for read-only', () => {
    expect(roleCan('customer_service', 'orders:refund')).toBe(false);
    expect(roleCan('customer_service', 'applications:cv')).toBe(false);
    expect(roleCan('customer_service', 'training-registrations:read')).toBe(true);
    expect(roleCan('orders', 'orders:refund')).toBe(true);
    for (const permission of [
      'customers:read',
      'applications:read',
      'applications:cv',
      'inbox:read',
      'audit:read',
    ] as const) {
      expect(roleCan('read_only', permission)).toBe(false);
    }
    for (const role of ROLES.filter((r) => r !== 'owner')) {
      for (const permission of [
        'staff:write',
        'tokens:write',
        'gdpr:export',
        'gdpr:erase',
        'audit:read',
      ] as const) {
        expect(roleCan(role, permission), `${role} ${permission}`).toBe(false);
      }
    }
  });

  it('keeps builds:write for machine tokens: no role holds it, the builds:write scope holds only it', () => {
    for (const role of ROLES) {
      expect(roleCan(role, 'builds:write')).toBe(false);
      expect(scopeCan(role, 'builds:write')).toBe(false);
      expect(scopePermissions(role)).toEqual(permissionsOf(role));
    }
    expect(scopePermissions('builds:write')).toEqual(['builds:write']);
  });
});
