import { describe, expect, it } from 'vitest';
import { auditExportUrl, auditFilter } from './calls.ts';

describe('the audit trail’s filters', () => {
  it('turns UK days into instants, the last day inclusive', () => {
    expect(auditFilter({ from: '2027-06-01', to: '2027-06-30' })).toEqual({
      from: '2027-05-31T23:00:00.000Z',
      to: '2027-06-30T23:00:00.000Z',
    });
    expect(auditFilter({ from: '2027-01-10', to: '2027-01-10' })).toEqual({
      from: '2027-01-10T00:00:00.000Z',
      to: '2027-01-11T00:00:00.000Z',
    });
  });

  it('keeps a person’s id, an action and an entity as typed, and drops what is blank or wrong', () => {
    expect(auditFilter({ person: '4', action: ' token.create ', entity: '', from: 'yesterday' })).toEqual({
      person: 4,
      action: 'token.create',
    });
    expect(auditFilter(undefined)).toEqual({});
  });

  it('exports the filtered trail as CSV', () => {
    expect(auditExportUrl({ action: 'discount.update', person: 2 })).toBe(
      '/api/v1/staff/audit?format=csv&person=2&action=discount.update',
    );
  });
});
