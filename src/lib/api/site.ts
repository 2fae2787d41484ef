/** Site, subsidiaries and settings calls. */
import { z } from 'zod';
import { AUDIENCES, type Audience } from '../config.ts';
import { BackofficeError, type ApiClient } from './client.ts';
import { dataEnvelope } from './shared.ts';
import type { Settings, Site, Subsidiary, TrustLabel } from './types.ts';

const siteSchema = z.object({
  id: z.number(),
  code: z.string().nullish(),
  label: z.string().nullish(),
  url: z.string(),
  languages: z.array(z.object({ code: z.string(), label: z.string() })).nullish(),
  salesplan: z
    .array(
      z.object({
        id: z.number(),
        target: z.enum(AUDIENCES),
        label: z.string().nullish(),
        currency: z.object({ code: z.string(), symbol: z.string() }),
        vat_rate: z.number().nullish(),
      }),
    )
    .nullish(),
});

/** A `Site` as the storefront keeps it: the build hands its site on to `astro build` as this JSON (BUILD_SITE). */
export const resolvedSiteSchema: z.ZodType<Site> = z.object({
  id: z.number().int().positive(),
  code: z.string(),
  label: z.string(),
  url: z.string(),
  languages: z.array(z.object({ code: z.string(), label: z.string() })),
  plans: z.array(
    z.object({
      id: z.number().int().positive(),
      audience: z.enum(AUDIENCES),
      label: z.string(),
      currencyCode: z.string(),
      currencySymbol: z.string(),
      vatRate: z.number(),
    }),
  ),
});

/**
 * `GET /site?url=host`: the site answering for a host (spec §7 site lookup). A host that resolves to no site is a
 * `BackofficeError` with status 404, whether the back-office says so with a 404 or with an empty list.
 */
export async function lookupSite(api: ApiClient, host: string): Promise<Site> {
  const { data } = await api.get('/site', dataEnvelope(z.object({ list: z.array(siteSchema) })), {
    query: { url: host },
    withoutSite: true,
    withoutPlan: true,
  });
  const site = data.list[0];
  if (!site) {
    throw new BackofficeError('/site', 404, { status: 'not_found', message: `No site for host ${host}` });
  }
  return {
    id: site.id,
    code: site.code ?? '',
    label: site.label ?? '',
    url: site.url,
    // Spec §3: languages sorted by label.
    languages: [...(site.languages ?? [])].sort((a, b) => a.label.localeCompare(b.label, 'en-GB')),
    plans: (site.salesplan ?? []).map((plan) => ({
      id: plan.id,
      audience: plan.target,
      label: plan.label ?? plan.target,
      currencyCode: plan.currency.code,
      currencySymbol: plan.currency.symbol,
      vatRate: plan.vat_rate ?? 20,
    })),
  };
}

/** `GET /site?list=subsidiaries`: the other countries' sites for the header dropdown. */
export async function listSubsidiaries(api: ApiClient): Promise<Subsidiary[]> {
  const schema = dataEnvelope(
    z.object({ list: z.array(z.object({ code: z.string(), label: z.string(), url: z.string() })) }),
  );
  const { data } = await api.get('/site', schema, { query: { list: 'subsidiaries' }, withoutPlan: true });
  return data.list;
}

/** Social setting codes of spec §3, in display order. */
export const SOCIAL_SETTING_CODES = [
  'link_facebook',
  'link_youtube',
  'link_pinterest',
  'link_instagram',
  'link_linkedin',
  'link_twitter',
] as const;

const trustLabelsSchema = z.array(z.object({ title: z.string(), text: z.string() }));

function parseTrustLabels(raw: string | undefined): TrustLabel[] {
  if (!raw) return [];
  try {
    const parsed = trustLabelsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** `GET /setting`: every setting, with the ones the layout needs already read. */
export async function getSettings(api: ApiClient): Promise<Settings> {
  const schema = dataEnvelope(
    z.array(
      z.object({
        code: z.string(),
        value: z
          .union([z.string(), z.number()])
          .nullable()
          .transform((v) => (v === null ? '' : String(v))),
      }),
    ),
  );
  const { data } = await api.get('/setting', schema, { withoutPlan: true });
  const values = Object.fromEntries(data.map((setting) => [setting.code, setting.value]));
  const hours = Number(values.jobsite_support_delay_hours);
  const trustLabels = Object.fromEntries(
    AUDIENCES.map((audience) => [audience, parseTrustLabels(values[`trust_labels_${audience}`])]),
  ) as Record<Audience, TrustLabel[]>;
  return {
    values,
    phone: values.phone || undefined,
    customerServiceHours: values.customer_service_hours || undefined,
    jobsiteSupportDelayHours: Number.isFinite(hours) && hours > 0 ? hours : undefined,
    trustLabels,
    socialLinks: SOCIAL_SETTING_CODES.flatMap((code) => (values[code] ? [{ code, url: values[code] }] : [])),
  };
}

/** `GET /content-version`: bumped by every catalogue/CMS write. */
export async function getContentVersion(api: ApiClient): Promise<number> {
  const { data } = await api.get('/content-version', dataEnvelope(z.object({ version: z.number() })), {
    withoutPlan: true,
  });
  return data.version;
}
