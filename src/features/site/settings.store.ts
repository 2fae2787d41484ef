/**
 * The settings store of spec §3, reduced to what islands need: the active sales plan and the known plans.
 * The active audience follows the path segment; the plan switch of spec §4 updates it from API answers.
 */
import { atom } from 'nanostores';
import { AUDIENCES, DEFAULT_AUDIENCE, TARGET_SEGMENTS, type Audience } from '../../lib/config.ts';

export interface SalesPlan {
  id: number;
  target: Audience;
}

/** Plans of the UK site (docs/api-contract.md); the layout may replace them with the site lookup's list. */
export const $plans = atom<SalesPlan[]>([
  { id: 1, target: 'pro' },
  { id: 2, target: 'part' },
]);

export const $plan = atom<SalesPlan>({ id: 1, target: DEFAULT_AUDIENCE });

/** Audience of a path: its leading segment, pro when it has none (the pro home is `/`). */
export function audienceFromPath(pathname: string): Audience {
  const first = pathname.split('/')[1] ?? '';
  return AUDIENCES.find((audience) => TARGET_SEGMENTS[audience] === first) ?? DEFAULT_AUDIENCE;
}

/** The same page in another audience: swaps (or adds) the leading target segment. */
export function pathInAudience(pathname: string, audience: Audience): string {
  const segments = pathname.split('/');
  const hasSegment = AUDIENCES.some((candidate) => TARGET_SEGMENTS[candidate] === segments[1]);
  const rest = (hasSegment ? segments.slice(2) : segments.slice(1)).join('/');
  return `/${TARGET_SEGMENTS[audience]}${rest ? `/${rest}` : ''}`;
}

export function planFor(audience: Audience): SalesPlan | undefined {
  return $plans.get().find((plan) => plan.target === audience);
}

/** Sets the active plan from the page's path; returns true when the audience changed. */
export function syncPlanWithPath(pathname: string): boolean {
  const plan = planFor(audienceFromPath(pathname));
  if (!plan || plan.id === $plan.get().id) return false;
  $plan.set(plan);
  return true;
}

export interface PlanSwitchEnvironment {
  pathname: () => string;
  navigate: (path: string) => void;
}

/**
 * Spec §4 automatic plan switch, the `onPlanSwitch` of the island `ApiClient`: the plan the back-office named
 * first in `exist_in` becomes the stored plan and the call is retried; when the page shown belongs to the other
 * audience, the visitor is sent to the same page in the audience that has it once the retry has settled (leaving
 * earlier would cancel it, and the compare or basket change it carries would be lost).
 */
export function createPlanSwitch(
  environment: PlanSwitchEnvironment,
): (planId: number) => false | (() => void) {
  return (planId) => {
    const plan = $plans.get().find((candidate) => candidate.id === planId);
    if (!plan) return false;
    $plan.set(plan);
    return () => {
      const pathname = environment.pathname();
      if (audienceFromPath(pathname) !== plan.target)
        environment.navigate(pathInAudience(pathname, plan.target));
    };
  };
}
