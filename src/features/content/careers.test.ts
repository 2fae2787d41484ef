import { describe, expect, it } from 'vitest';
import type { Job } from '../../lib/api/content/types.ts';
import {
  careersFacets,
  careersFiltersFromSegments,
  careersSegments,
  careersValueSlug,
  filterJobs,
  selectedLabels,
} from './careers.ts';

const job = (contract: string, location: string, department: string, experience: string): { job: Job } => ({
  job: { contract, location, department, experience },
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
    expect(careersValueSlug('Stoke-on-Trent ')).toBe('stoke-on-trent');
    expect(careersValueSlug('Research & Development')).toBe('research-development');
  });
});

describe('careersFiltersFromSegments', () => {
  it('maps keys to fields and keeps values', () => {
    expect(
      careersFiltersFromSegments([
        { key: 'CONTRACT', values: ['permanent', 'fixed-term'] },
        { key: 'LOCATION', values: ['manchester'] },
      ]),
    ).toEqual({ contract: ['permanent', 'fixed-term'], location: ['manchester'] });
  });

  it('rejects unknown keys, repeated keys and empty segments', () => {
    expect(careersFiltersFromSegments([{ key: 'SALARY', values: ['high'] }])).toBeUndefined();
    expect(careersFiltersFromSegments([{ key: 'contract', values: ['permanent'] }])).toBeUndefined();
    expect(
      careersFiltersFromSegments([
        { key: 'CONTRACT', values: ['permanent'] },
        { key: 'CONTRACT', values: ['fixed-term'] },
      ]),
    ).toBeUndefined();
    expect(careersFiltersFromSegments([{ key: 'CONTRACT', values: [] }])).toBeUndefined();
  });

  it('drops duplicate values', () => {
    expect(careersFiltersFromSegments([{ key: 'LOCATION', values: ['leeds', 'leeds'] }])).toEqual({
      location: ['leeds'],
    });
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
    const segments = careersSegments(filters).map((segment) => {
      const [key = '', ...values] = segment.split('__');
      return { key, values };
    });
    expect(careersFiltersFromSegments(segments)).toEqual({
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
    expect(selectedLabels(facets)).toEqual(['Manchester']);
  });
});
