/**
 * Creates the reference data of reference-data.ts that a database lacks, step by step, so running it again adds
 * nothing. Like the seed, an entry point's code: it writes the tables directly. The demo seed runs the same steps.
 */
import { and, eq } from 'drizzle-orm';
import { carrierRates, carriers, contentEntries, salesPlans, sites } from '../db/schema.ts';
import type { Database, Executor } from '../db/types.ts';
import { bumpContentVersion } from '../lib/content-version.ts';
import { resources } from '../modules/content/index.ts';
import {
  carriersData,
  civilityList,
  countryList,
  salesPlansData,
  UK_SITE_ID,
  ukSite,
  type SiteAddress,
} from './reference-data.ts';

const KG = 1000;

/**
 * The UK site and its two sales plans (with their currency and VAT rate). An existing site keeps its rows; with
 * `readdress` its URL becomes `address.url` and it gains the hosts it lacks. Returns the rows added or changed.
 */
export async function setUpSite(
  db: Executor,
  address: SiteAddress,
  options: { readdress: boolean },
): Promise<number> {
  let changed = 0;
  const [existing] = await db.select().from(sites).where(eq(sites.id, UK_SITE_ID));
  if (!existing) {
    await db.insert(sites).values(ukSite(address));
    changed += 1;
  } else if (options.readdress) {
    const hosts = [...existing.hosts, ...address.hosts.filter((host) => !existing.hosts.includes(host))];
    if (existing.url !== address.url || hosts.length > existing.hosts.length) {
      await db.update(sites).set({ url: address.url, hosts }).where(eq(sites.id, UK_SITE_ID));
      changed += 1;
    }
  }
  const plans = await db
    .insert(salesPlans)
    .values(salesPlansData)
    .onConflictDoNothing()
    .returning({ id: salesPlans.id });
  return changed + plans.length;
}

/** The countries and civilities the forms offer (CMS reference lists), those missing by code. */
export async function setUpCountriesAndCivilities(db: Executor): Promise<number> {
  let added = 0;
  for (const [resource, list] of [
    ['country', countryList],
    ['civility', civilityList],
  ] as const) {
    const definition = resources[resource];
    const rows = list.map((entry, position) => {
      const input = definition.input.parse({ ...entry, position });
      return {
        ...definition.toRow(input, new Date()),
        searchText: definition.searchText(input),
        siteId: UK_SITE_ID,
        resource,
      };
    });
    const inserted = await db
      .insert(contentEntries)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: contentEntries.id });
    added += inserted.length;
  }
  return added;
}

/** The carriers of each plan with their weight bands, those missing by plan and code. */
export async function setUpCarriers(db: Executor): Promise<number> {
  let added = 0;
  for (const [position, carrier] of carriersData.entries()) {
    const [existing] = await db
      .select({ id: carriers.id })
      .from(carriers)
      .where(and(eq(carriers.planId, carrier.planId), eq(carriers.code, carrier.code)));
    if (existing) continue;
    const [row] = await db
      .insert(carriers)
      .values({
        planId: carrier.planId,
        code: carrier.code,
        label: carrier.label,
        description: carrier.description,
        nextDay: carrier.nextDay,
        freeOverPence: carrier.freeOverPence,
        remoteSurchargePence: carrier.remoteSurchargePence,
        position,
      })
      .returning({ id: carriers.id });
    await db
      .insert(carrierRates)
      .values(
        carrier.bands.map(([kg, price]) => ({ carrierId: row!.id, upToGrams: kg * KG, pricePence: price })),
      );
    added += 1 + carrier.bands.length;
  }
  return added;
}

/**
 * `npm run setup`: every step in one transaction, the site at `address` (readdressed when it exists). A change
 * bumps the content version, as an API write does, so a running storefront rebuilds. Returns the rows added or
 * changed.
 */
export async function setUpReferenceData(db: Database, address: SiteAddress): Promise<number> {
  return db.transaction(async (tx) => {
    const changed =
      (await setUpSite(tx, address, { readdress: true })) +
      (await setUpCountriesAndCivilities(tx)) +
      (await setUpCarriers(tx));
    if (changed > 0) await bumpContentVersion(tx, new Date());
    return changed;
  });
}
