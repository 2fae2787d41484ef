/** Schemas and mappers shared by the api modules: media, prices, plan ids, list envelopes. */
import { z } from 'zod';
import { AUDIENCES, PLAN_IDS, type Audience } from '../config.ts';
import type { Media, Price } from './types.ts';

export const mediaSchema = z.object({
  url: z.string(),
  webp: z.string().nullish(),
  alt: z.string().nullish(),
  title: z.string().nullish(),
  width: z.number().nullish(),
  height: z.number().nullish(),
});
export type MediaDto = z.infer<typeof mediaSchema>;

export function toMedia(dto: MediaDto, fallbackAlt = ''): Media {
  return {
    url: dto.url,
    webp: dto.webp ?? undefined,
    alt: dto.alt ?? dto.title ?? fallbackAlt,
    title: dto.title ?? undefined,
    width: dto.width ?? undefined,
    height: dto.height ?? undefined,
  };
}

export function toOptionalMedia(dto: MediaDto | null | undefined, fallbackAlt = ''): Media | undefined {
  return dto ? toMedia(dto, fallbackAlt) : undefined;
}

export const priceSchema = z.object({
  ex_vat: z.number().int(),
  inc_vat: z.number().int(),
  vat_rate: z.number(),
  currency: z.string(),
});

export function toPrice(dto: z.infer<typeof priceSchema>): Price {
  return { exVat: dto.ex_vat, incVat: dto.inc_vat, vatRate: dto.vat_rate, currency: dto.currency };
}

/** Plan id → audience; plan ids of other sites are dropped. */
export function planAudience(planId: number): Audience | undefined {
  return AUDIENCES.find((audience) => PLAN_IDS[audience] === planId);
}

export function plansToAudiences(planIds: readonly number[]): Audience[] {
  return AUDIENCES.filter((audience) => planIds.includes(PLAN_IDS[audience]));
}

/** Pages list their audiences by name; anything unknown is dropped. */
export const audiencesSchema = z
  .array(z.string())
  .nullish()
  .transform((list) => AUDIENCES.filter((audience) => (list ?? []).includes(audience)));

/** `{ data: { items: [...], total? } }`, the envelope of every index call. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.object({ items: z.array(item), total: z.number().optional() }) });
}

export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}
