import { describe, expect, it } from 'vitest';
import { changedFields, faqKind, folderKind, pageKind } from './forms.ts';

const careers = {
  id: 4,
  title: 'Site manager',
  slug: 'site-manager',
  type: 'job',
  audiences: ['pro', 'part'],
  extract: 'Join us',
  blocks: [
    { kind: 'text', titre: 'The role', text: '<p>Run the site</p>' },
    { kind: 'image', cover: { url: '/a.jpg' } },
  ],
  job: { contract: 'permanent', location: 'Leeds', department: 'Works', experience: '5 years', salary: '' },
};

describe('the content forms', () => {
  it('reads a careers page and sends only what changed', () => {
    const form = pageKind.formOf(careers);
    const base = pageKind.bodyOf(form);
    expect(base.job).toEqual(careers.job);
    // Other blocks are kept as they are.
    expect((base.blocks as unknown[])[1]).toEqual(careers.blocks[1]);
    const edited = { ...form, extract: 'Join our team', job: { ...form.job, salary: '£40,000' } };
    expect(changedFields(base, pageKind.bodyOf(edited))).toEqual({
      extract: 'Join our team',
      job: { ...careers.job, salary: '£40,000' },
    });
    expect(changedFields(base, pageKind.bodyOf(form))).toEqual({});
  });

  it('leaves the job fields out of a page that is not a vacancy, and checks a vacancy’s', () => {
    const page = pageKind.empty('cms');
    expect(pageKind.bodyOf(page)).not.toHaveProperty('job');
    expect(pageKind.validate({ ...page, type: 'job', title: 'x', slug: 'x' })).toEqual({
      'job.location': 'Required for a vacancy',
      'job.department': 'Required for a vacancy',
      'job.experience': 'Required for a vacancy',
    });
    expect(pageKind.validate({ ...page, title: ' ', slug: 'Bad Slug', audiences: [] })).toEqual({
      title: 'Enter a title',
      slug: 'Use lowercase letters, digits, hyphens and slashes, such as filling-cracks',
      audiences: 'Choose at least one audience',
    });
  });

  it('reads a folder’s type slug and its steps; numbers go as numbers', () => {
    const form = folderKind.formOf({
      title: 'Filling a crack',
      slug: 'filling-a-crack',
      type: { slug: 'repairs', label: 'Repairs' },
      audiences: ['part'],
      duration_minutes: 45,
      steps: [{ title: 'Clean', text: '<p>Brush</p>' }],
    });
    expect(form.type).toBe('repairs');
    expect(folderKind.bodyOf(form)).toMatchObject({ type: 'repairs', duration_minutes: 45 });
    expect(folderKind.validate({ ...form, duration_minutes: '0', steps: [{ title: '', text: '' }] })).toEqual(
      {
        duration_minutes: 'Enter a whole number of minutes',
        'steps.0.title': 'Give the step a title',
      },
    );
    expect(faqKind.bodyOf({ ...faqKind.empty(), question: ' Why? ', position: '3' })).toEqual({
      question: 'Why?',
      answer: '',
      audiences: ['pro', 'part'],
      position: 3,
    });
  });
});
