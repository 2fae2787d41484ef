import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiClient } from '../../lib/api/client.ts';
import {
  $plan,
  audienceFromPath,
  createPlanSwitch,
  pathInAudience,
  syncPlanWithPath,
} from './settings.store.ts';

describe('audience paths', () => {
  it('reads the audience from the leading segment, pro by default', () => {
    expect(audienceFromPath('/')).toBe('pro');
    expect(audienceFromPath('/diy-filler')).toBe('part');
    expect(audienceFromPath('/diy-filler/product/easy-fill')).toBe('part');
    expect(audienceFromPath('/professional-filler/favorites')).toBe('pro');
  });

  it('builds the same page in the other audience', () => {
    expect(pathInAudience('/diy-filler/product/easy-fill', 'pro')).toBe(
      '/professional-filler/product/easy-fill',
    );
    expect(pathInAudience('/professional-filler/compare-products', 'part')).toBe(
      '/diy-filler/compare-products',
    );
    expect(pathInAudience('/', 'part')).toBe('/diy-filler');
  });

  it('syncs the plan with the path and reports audience changes', () => {
    $plan.set({ id: 1, target: 'pro' });
    expect(syncPlanWithPath('/professional-filler/news')).toBe(false);
    expect(syncPlanWithPath('/diy-filler/news')).toBe(true);
    expect($plan.get()).toEqual({ id: 2, target: 'part' });
  });
});

describe('plan switch', () => {
  beforeEach(() => $plan.set({ id: 2, target: 'part' }));

  it('stores the named plan, retries once and sends the visitor to the audience that has the page', async () => {
    const navigate = vi.fn();
    const seenPlans: string[] = [];
    const navigationsBeforeEachCall: number[] = [];
    const fetchMock: typeof fetch = async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      seenPlans.push(url.searchParams.get('saleplan_id') ?? '');
      navigationsBeforeEachCall.push(navigate.mock.calls.length);
      return url.searchParams.get('saleplan_id') === '2'
        ? Response.json(
            { status: 'not_available_in_this_saleplan', message: 'elsewhere', exist_in: [1, 2] },
            { status: 400 },
          )
        : Response.json({ data: { id: 7 } });
    };
    const client = new ApiClient({
      origin: 'http://backoffice.test',
      planId: () => $plan.get().id,
      onPlanSwitch: createPlanSwitch({ pathname: () => '/diy-filler/product/pro-fill', navigate }),
      fetch: fetchMock,
    });
    const answer = await client.get('/product/7', z.object({ data: z.object({ id: z.number() }) }));
    expect(answer.data.id).toBe(7);
    expect(seenPlans).toEqual(['2', '1']);
    // The page is left only after the retry, which a navigation would otherwise cancel.
    expect(navigationsBeforeEachCall).toEqual([0, 0]);
    expect($plan.get()).toEqual({ id: 1, target: 'pro' });
    expect(navigate).toHaveBeenCalledWith('/professional-filler/product/pro-fill');
  });

  it('does not navigate when the page already belongs to the new audience, and ignores unknown plans', () => {
    const navigate = vi.fn();
    const onSwitch = createPlanSwitch({ pathname: () => '/professional-filler/compare-products', navigate });
    const afterRetry = onSwitch(1);
    expect(afterRetry).toBeTypeOf('function');
    if (afterRetry) afterRetry();
    expect(navigate).not.toHaveBeenCalled();
    expect(onSwitch(99)).toBe(false);
    expect($plan.get().id).toBe(1);
  });
});
