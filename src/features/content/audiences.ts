/** Build-time helpers for pages generated once per audience. */
import { AUDIENCES, type Audience } from '../../lib/config.ts';
import { segmentOf } from '../../lib/routing.ts';

/** Loads the same data for every audience, in parallel. */
export async function perAudience<T>(load: (audience: Audience) => Promise<T>): Promise<Record<Audience, T>> {
  const values = await Promise.all(AUDIENCES.map(load));
  return Object.fromEntries(AUDIENCES.map((audience, i) => [audience, values[i]])) as Record<Audience, T>;
}

/** Static paths of a page that exists once per audience, with `props` computed for each. */
export async function audienceStaticPaths<P extends object>(props: (audience: Audience) => Promise<P> | P) {
  return Promise.all(
    AUDIENCES.map(async (audience) => ({
      params: { target: segmentOf(audience) },
      props: { audience, ...(await props(audience)) },
    })),
  );
}

/** Audiences whose data holds an entry with `slug` (a tag or type page exists there). */
export function audiencesWith<T extends { slug: string }>(
  byAudience: Record<Audience, readonly T[]>,
  slug: string,
): Audience[] {
  return AUDIENCES.filter((audience) => byAudience[audience].some((entry) => entry.slug === slug));
}

/**
 * Targets of the header's audience switch for a page that exists only in `existsIn`: the same page where it
 * exists, else `fallback` (its section's index), so the switch never leads to a missing page.
 */
export function switchTargets(
  existsIn: readonly Audience[],
  build: (audience: Audience) => string,
  fallback: (audience: Audience) => string,
): Record<Audience, string> {
  return Object.fromEntries(
    AUDIENCES.map((audience) => [
      audience,
      existsIn.includes(audience) ? build(audience) : fallback(audience),
    ]),
  ) as Record<Audience, string>;
}
