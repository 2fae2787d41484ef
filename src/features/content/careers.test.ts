import { describe, expect, it } from 'vitest';
import type { JobDetails } from '../../lib/api/types.ts';
import {
  careersFacets,
  careersFiltersFromSegments,
  careersSegments,
  careersValueSlug,
  filterJobs,
  parseCareersPath,
  selectedValues,
} from './careers.ts';

const job = (
  contract: string,
  location: string,
  department: string,
  experience: string,
): { job: JobDetails } => ({
  job: { contract, location, department, experience, salary: '' },
});

const jobs = [
  job('permanent', 'Manchester', 'Manufacturing', 'Experienced'),
  job('permanent', 'Leeds', 'Sales', 'Experienced'),
  job('fixed-term', 'Manchester', 'Laboratory', 'Graduate'),
  job('apprenticeship', 'Manchester', 'Manufacturing', 'Entry level'),
];

describe('careersValueSlug', () => {
  it('lower-cases and hyphenates', () => {
    expect(careersValueSlug('Entry level')).toBe('entry-level');
    expect(careersValueSlug('Fixed-term')).toBe('fixed-term');
    expect(careersValueSlug('Stoke-on-Trent')).toBe('stoke-on-trent');
  });
});

describe('parseCareersPath', () => {
  it('reads up to four filter segments', () => {
    expect(parseCareersPath('')).toEqual({});
    expect(parseCareersPath('CONTRACT__permanent__fixed-term/LOCATION__manchester')).toEqual({
      contract: ['permanent', 'fixed-term'],
      location: ['manchester'],
    });
    expect(
      parseCareersPath('CONTRACT__permanent/LOCATION__leeds/DEPARTMENT__sales/EXPERIENCE__graduate'),
    ).toEqual({
      contract: ['permanent'],
      location: ['leeds'],
      department: ['sales'],
      experience: ['graduate'],
    });
  });

  it('merges a repeated key and drops duplicate values', () => {
    expect(parseCareersPath('LOCATION__leeds/LOCATION__leeds__york')).toEqual({
      location: ['leeds', 'york'],
    });
  });

  it('rejects unknown keys, bad syntax, page segments and more than four segments', () => {
    expect(parseCareersPath('SALARY__high')).toBeUndefined();
    expect(parseCareersPath('contract__permanent')).toBeUndefined();
    expect(parseCareersPath('CONTRACT__Permanent')).toBeUndefined();
    expect(parseCareersPath('CONTRACT__')).toBeUndefined();
    expect(parseCareersPath('CONTRACT__permanent/_p__2')).toBeUndefined();
    expect(
      parseCareersPath('CONTRACT__a/LOCATION__b/DEPARTMENT__c/EXPERIENCE__d/CONTRACT__e'),
    ).toBeUndefined();
  });
});

describe('careersFiltersFromSegments', () => {
  it('maps lower-case keys to fields and rejects others', () => {
    expect(careersFiltersFromSegments([{ key: 'department', values: ['sales'] }])).toEqual({
      department: ['sales'],
    });
    expect(careersFiltersFromSegments([{ key: 'salary', values: ['high'] }])).toBeUndefined();
    expect(careersFiltersFromSegments([{ key: 'contract', values: [] }])).toBeUndefined();
  });
});

describe('careersSegments', () => {
  it('writes segments in field order with sorted values', () => {
    expect(careersSegments({ location: ['manchester', 'leeds'], contract: ['permanent'] })).toEqual([
      'CONTRACT__permanent',
      'LOCATION__leeds__manchester',
    ]);
    expect(careersSegments({})).toEqual([]);
  });

  it('round-trips through the parser', () => {
    const filters = { department: ['sales'], experience: ['graduate', 'entry-level'] };
    expect(parseCareersPath(careersSegments(filters).join('/'))).toEqual({
      department: ['sales'],
      experience: ['entry-level', 'graduate'],
    });
  });
});

describe('filterJobs', () => {
  it('ORs values within a field and ANDs fields', () => {
    expect(filterJobs(jobs, {})).toHaveLength(4);
    expect(filterJobs(jobs, { location: ['manchester'] })).toHaveLength(3);
    expect(filterJobs(jobs, { contract: ['permanent', 'fixed-term'], location: ['manchester'] })).toEqual([
      jobs[0],
      jobs[2],
    ]);
    expect(filterJobs(jobs, { experience: ['entry-level'] })).toEqual([jobs[3]]);
    expect(filterJobs(jobs, { location: ['bristol'] })).toEqual([]);
  });

  it('leaves out pages without job details', () => {
    expect(filterJobs([{ job: undefined }, ...jobs], {})).toHaveLength(4);
  });
});

describe('careersFacets', () => {
  it('counts each option against the other fields only', () => {
    const facets = careersFacets(jobs, { location: ['manchester'] });
    const location = facets.find((facet) => facet.field === 'location');
    expect(location?.options.map((o) => [o.value, o.count, o.selected])).toEqual([
      ['leeds', 1, false],
      ['manchester', 3, true],
    ]);
    const contract = facets.find((facet) => facet.field === 'contract');
    expect(contract?.options.map((o) => [o.value, o.count])).toEqual([
      ['apprenticeship', 1],
      ['fixed-term', 1],
      ['permanent', 1],
    ]);
  });

  it('gives each option the filters after toggling it', () => {
    const facets = careersFacets(jobs, { location: ['manchester'] });
    const location = facets.find((facet) => facet.field === 'location');
    expect(location?.options.find((o) => o.value === 'manchester')?.toggled).toEqual({});
    expect(location?.options.find((o) => o.value === 'leeds')?.toggled).toEqual({
      location: ['manchester', 'leeds'],
    });
    expect(selectedValues(facets, { location: ['manchester'] })).toEqual([
      { field: 'location', value: 'manchester', label: 'Manchester' },
    ]);
  });

  it('keeps the URL text of selected values no vacancy carries any more', () => {
    const filters = { contract: ['permanent'], location: ['york'] };
    expect(selectedValues(careersFacets(jobs, filters), filters)).toEqual([
      { field: 'contract', value: 'permanent', label: 'permanent' },
      { field: 'location', value: 'york', label: 'york' },
    ]);
  });
});
