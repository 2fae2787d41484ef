import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiIndex from './api/index.ts';
import type { Site } from './api/types.ts';
import { loadLayoutData } from './layout-data.ts';

type ApiModule = typeof ApiIndex;

const api = vi.hoisted(() => ({ getSettings: vi.fn() }));
vi.mock('./api/index.ts', async (original) => ({
  ...(await original<ApiModule>()),
  apiFor: () => ({}),
  getSettings: api.getSettings,
  getMenu: async (_api: unknown, place: string) => ({ code: place, items: [] }),
  listSubsidiaries: async () => [],
  listProducts: async () => ({ items: [], total: 0, page: 1, perPage: 5 }),
}));

let siteId = 100;
const newSite = () => ({ id: (siteId += 1) }) as Site;

beforeEach(() => {
  api.getSettings.mockReset();
  api.getSettings.mockResolvedValue({ values: {}, trustLabels: { pro: [], part: [] }, socialLinks: [] });
});

describe('loadLayoutData on the SSR server', () => {
  it('loads once per site and audience while the content version stays the same', async () => {
    const site = newSite();
    const first = await loadLayoutData('pro', { site, contentVersion: '7' });
    const again = await loadLayoutData('pro', { site, contentVersion: '7' });
    expect(again).toBe(first);
    expect(api.getSettings).toHaveBeenCalledTimes(1);
  });

  it('loads again as soon as the content version moves, so no answer carries older menus', async () => {
    const site = newSite();
    const before = await loadLayoutData('pro', { site, contentVersion: '7' });
    const after = await loadLayoutData('pro', { site, contentVersion: '8' });
    expect(after).not.toBe(before);
    expect(api.getSettings).toHaveBeenCalledTimes(2);
    // A page rendered without a version (the build, Astro alone) takes what is there.
    expect(await loadLayoutData('pro', { site })).toBe(after);
  });

  it('does not keep a failed load', async () => {
    const site = newSite();
    api.getSettings.mockRejectedValueOnce(new Error('down'));
    await expect(loadLayoutData('part', { site, contentVersion: '1' })).rejects.toThrow('down');
    await expect(loadLayoutData('part', { site, contentVersion: '1' })).resolves.toBeDefined();
  });
});
