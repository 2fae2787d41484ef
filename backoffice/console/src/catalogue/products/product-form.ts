/**
 * The product edit screen's model, kept apart from React so it can be tested: the form as typed (text for numbers
 * and prices, so a half-typed "12," is never lost), the product read from the API as that form, the calls a save
 * makes (only what changed, from the version read), the field errors beside the inputs, and a stale save's
 * handling: what changed meanwhile (theirs vs yours, field by field) and re-applying what the person typed onto
 * the new version.
 */
import { parsePounds, pounds } from '../../money.ts';

export type Audience = 'pro' | 'part';

export interface StaffProduct {
  id: number;
  version: number;
  reference: string;
  slug: string;
  name: string;
  short_description: string;
  description: string;
  instructions: string[];
  category_ids: number[];
  plans: { plan_id: number; target: Audience; promoted: boolean }[];
  caracteristics: Record<string, number | string[]>;
  related: { id: number; name: string; reference: string }[];
  packs: {
    reference: string;
    label: string;
    gtin: string;
    quantity: number;
    unit: string;
    prices: { plan_id: number; ex_vat?: number; inc_vat?: number }[];
  }[];
  pictograms: string[];
  pictogram_keys: string[];
  picture_count: number;
  document_count: number;
  updated_at: string;
}

export interface Definitions {
  characteristics: {
    code: string;
    label: string;
    kind: 'enum' | 'number';
    unit: string | null;
    options: { value: string; label: string }[];
  }[];
  plans: { id: number; target: Audience; label: string; prices_include_vat: boolean; vat_rate_bp: number }[];
  categories: { id: number; name: string; parent_id: number | null }[];
  /** The site's pictogram library. */
  pictograms: { key: string; title: string }[];
}

export const UNITS = ['kg', 'g', 'l', 'ml', 'unit'] as const;
export const UNIT_LABELS: Record<string, string> = {
  kg: 'kg',
  g: 'g',
  l: 'litres',
  ml: 'ml',
  unit: 'items',
};
export const AUDIENCE_LABELS: Record<Audience, string> = { pro: 'Trade', part: 'DIY' };
export const AVAILABILITY_LABELS: Record<string, string> = {
  both: 'Trade and DIY',
  pro: 'Trade only',
  part: 'DIY only',
  none: 'Not on sale',
};

/** One pack as typed. */
export interface PackForm {
  reference: string;
  label: string;
  gtin: string;
  quantity: string;
  unit: string;
  /** The price typed for each plan, in pounds (trade ex VAT, DIY inc VAT), by plan id. */
  prices: Record<string, string>;
}

/** The product as typed. */
export interface ProductForm {
  name: string;
  short_description: string;
  description: string;
  /** One step a line. */
  instructions: string;
  main_category: string;
  other_categories: string[];
  /** By plan id: sold in it, and promoted there. */
  plans: Record<string, { sold: boolean; promoted: boolean }>;
  /** A number as typed (comma or point), or the chosen options. */
  caracteristics: Record<string, string | string[]>;
  related: { id: number; name: string; reference: string }[];
  /** The pictograms' library keys, in order. */
  pictograms: string[];
  packs: PackForm[];
}

/** "12,5", "12.5", " 12 " → 12.5; undefined when not a number. A comma is a decimal point (spec §5). */
export function parseDecimal(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+(?:[.,]\d+)?$/.test(trimmed)) return undefined;
  return Number(trimmed.replace(',', '.'));
}

/** An amount in pounds typed with a comma or a point ("12,50", "£12.5") → pence. */
export function parsePrice(text: string): number | undefined {
  const trimmed = text.trim();
  return parsePounds(/^£?\s*\d+,\d{1,2}$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed);
}

/** Pence as typed in a price input: "12.50" (no pound sign, no thousands separator). */
export const priceText = (pence: number) => (pence / 100).toFixed(2);

/** Whether a GTIN (8 to 14 digits) has the right check digit (GS1 modulo 10). */
export function gtinValid(code: string): boolean {
  if (!/^\d{8,14}$/.test(code)) return false;
  let sum = 0;
  for (let i = 1; i < code.length; i++) sum += Number(code[code.length - 1 - i]) * (i % 2 === 1 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(code.at(-1));
}

/** The messages beside the fields (spec §5's where it has one). */
export const MESSAGES = {
  required: (label: string) => `Field required: ${label}`,
  gtin: 'GTIN not recognised: it needs 8 to 14 digits and the right check digit',
  number: 'Please enter a number (a comma or a point for decimals)',
  positive: 'Please enter a value of more than 0',
  price: 'Please enter a price in pounds, such as 12,50',
  reference: 'Use capital letters, digits and hyphens (2 to 40)',
  plans: 'Choose at least one audience',
};

export function packFormOf(pack: StaffProduct['packs'][number]): PackForm {
  return {
    reference: pack.reference,
    label: pack.label,
    gtin: pack.gtin,
    quantity: String(pack.quantity).replace('.', ','),
    unit: pack.unit,
    prices: Object.fromEntries(
      pack.prices.map((p) => [String(p.plan_id), priceText(p.inc_vat ?? p.ex_vat ?? 0)]),
    ),
  };
}

export function formOf(product: StaffProduct, definitions: Definitions): ProductForm {
  const [main, ...others] = product.category_ids;
  return {
    name: product.name,
    short_description: product.short_description,
    description: product.description,
    instructions: product.instructions.join('\n'),
    main_category: main === undefined ? '' : String(main),
    other_categories: others.map(String),
    plans: Object.fromEntries(
      definitions.plans.map((plan) => {
        const sold = product.plans.find((p) => p.plan_id === plan.id);
        return [String(plan.id), { sold: Boolean(sold), promoted: sold?.promoted ?? false }];
      }),
    ),
    caracteristics: Object.fromEntries(
      definitions.characteristics.map((c) => {
        const value = product.caracteristics[c.code];
        if (c.kind === 'number')
          return [c.code, typeof value === 'number' ? String(value).replace('.', ',') : ''];
        return [c.code, Array.isArray(value) ? [...value].sort() : []];
      }),
    ),
    related: product.related,
    pictograms: product.pictogram_keys,
    packs: product.packs.map(packFormOf),
  };
}

export type FieldErrors = Record<string, string>;

/** The product's own fields (not its packs) as a PATCH body: only those changed from `base`, and their errors. */
export function productPatchOf(
  base: ProductForm,
  draft: ProductForm,
  definitions: Definitions,
): { body: Record<string, unknown>; errors: FieldErrors } {
  const body: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  const changed = (key: keyof ProductForm) => !same(base[key], draft[key]);
  if (changed('name')) {
    if (!draft.name.trim()) errors.name = MESSAGES.required('Name');
    else body.name = draft.name.trim();
  }
  if (changed('short_description')) body.short_description = draft.short_description;
  if (changed('description')) body.description = draft.description;
  if (changed('instructions')) {
    body.instructions = draft.instructions
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  }
  if (changed('main_category') || changed('other_categories')) {
    if (!draft.main_category) errors.main_category = MESSAGES.required('Main category');
    else
      body.category_ids = [
        Number(draft.main_category),
        ...draft.other_categories.filter((id) => id !== draft.main_category).map(Number),
      ];
  }
  if (changed('plans')) {
    const plans = Object.entries(draft.plans)
      .filter(([, plan]) => plan.sold)
      .map(([id, plan]) => ({ plan_id: Number(id), promoted: plan.promoted }));
    if (!plans.length) errors.plans = MESSAGES.plans;
    else body.plans = plans;
  }
  const caracteristics: Record<string, number | string[] | null> = {};
  for (const c of definitions.characteristics) {
    const before = base.caracteristics[c.code];
    const after = draft.caracteristics[c.code];
    if (same(before, after)) continue;
    if (c.kind === 'number') {
      const text = typeof after === 'string' ? after : '';
      if (text.trim() === '') caracteristics[c.code] = null;
      else {
        const value = parseDecimal(text);
        if (value === undefined) errors[`caracteristics.${c.code}`] = MESSAGES.number;
        else caracteristics[c.code] = value;
      }
    } else {
      const values = Array.isArray(after) ? after : [];
      caracteristics[c.code] = values.length ? values : null;
    }
  }
  if (Object.keys(caracteristics).length) body.caracteristics = caracteristics;
  if (changed('related')) body.related_ids = draft.related.map((r) => r.id);
  if (changed('pictograms')) body.pictogram_keys = draft.pictograms;
  return { body, errors };
}

/** A pack's errors, keyed `packs.{index}.{field}`. */
export function packErrors(
  pack: PackForm,
  index: number,
  definitions: Definitions,
  isNew: boolean,
): FieldErrors {
  const errors: FieldErrors = {};
  const key = (field: string) => `packs.${index}.${field}`;
  if (isNew && !/^[A-Z0-9][A-Z0-9-]{1,39}$/.test(pack.reference.trim()))
    errors[key('reference')] = MESSAGES.reference;
  if (!pack.label.trim()) errors[key('label')] = MESSAGES.required('Pack type');
  if (!gtinValid(pack.gtin.trim())) errors[key('gtin')] = MESSAGES.gtin;
  const quantity = parseDecimal(pack.quantity);
  if (pack.quantity.trim() === '') errors[key('quantity')] = MESSAGES.required('Net content');
  else if (quantity === undefined) errors[key('quantity')] = MESSAGES.number;
  else if (quantity <= 0) errors[key('quantity')] = MESSAGES.positive;
  for (const plan of definitions.plans) {
    const text = pack.prices[String(plan.id)];
    if (text === undefined) continue;
    if (parsePrice(text) === undefined) errors[key(`prices.${plan.id}`)] = MESSAGES.price;
  }
  return errors;
}

type PriceBody = { plan_id: number; ex_vat?: number; inc_vat?: number };

function pricesOf(pack: PackForm, definitions: Definitions, only?: PackForm): PriceBody[] {
  return definitions.plans.flatMap((plan) => {
    const text = pack.prices[String(plan.id)];
    if (text === undefined || (only && only.prices[String(plan.id)] === text)) return [];
    const pence = parsePrice(text)!;
    return [
      plan.prices_include_vat ? { plan_id: plan.id, inc_vat: pence } : { plan_id: plan.id, ex_vat: pence },
    ];
  });
}

/** A changed pack's PATCH body (only what changed; its prices in the plans whose price changed). */
export function packPatchOf(
  base: PackForm,
  draft: PackForm,
  definitions: Definitions,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (base.label !== draft.label) body.label = draft.label.trim();
  if (base.gtin !== draft.gtin) body.gtin = draft.gtin.trim();
  if (parseDecimal(base.quantity) !== parseDecimal(draft.quantity))
    body.quantity = parseDecimal(draft.quantity);
  if (base.unit !== draft.unit) body.unit = draft.unit;
  const prices = pricesOf(draft, definitions, base);
  if (prices.length) body.prices = prices;
  return body;
}

/** A new pack's POST body (its reference is in the path). */
export function packCreateOf(draft: PackForm, definitions: Definitions): Record<string, unknown> {
  return {
    label: draft.label.trim(),
    gtin: draft.gtin.trim(),
    quantity: parseDecimal(draft.quantity),
    unit: draft.unit,
    prices: pricesOf(draft, definitions),
  };
}

/** A new, empty pack priced in the plans the product is sold in. */
export function emptyPack(form: ProductForm): PackForm {
  return {
    reference: '',
    label: '',
    gtin: '',
    quantity: '',
    unit: 'kg',
    prices: Object.fromEntries(
      Object.entries(form.plans)
        .filter(([, plan]) => plan.sold)
        .map(([id]) => [id, '']),
    ),
  };
}

export function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What the person typed, re-applied onto a newer version: a field they changed from `base` keeps their value;
 * one they left alone takes the newer one. Packs likewise, field by field; a pack someone else removed stays gone
 * unless the person had changed it, a pack someone else added appears.
 */
export function rebase(base: ProductForm, draft: ProductForm, theirs: ProductForm): ProductForm {
  const pick = <T>(b: T, d: T, t: T): T => (same(b, d) ? t : d);
  const packs: PackForm[] = [];
  for (const theirPack of theirs.packs) {
    const basePack = base.packs.find((p) => p.reference === theirPack.reference);
    const draftPack = draft.packs.find((p) => p.reference === theirPack.reference);
    if (!basePack || !draftPack) {
      packs.push(draftPack ?? theirPack);
      continue;
    }
    packs.push({
      reference: theirPack.reference,
      label: pick(basePack.label, draftPack.label, theirPack.label),
      gtin: pick(basePack.gtin, draftPack.gtin, theirPack.gtin),
      quantity: pick(basePack.quantity, draftPack.quantity, theirPack.quantity),
      unit: pick(basePack.unit, draftPack.unit, theirPack.unit),
      prices: Object.fromEntries(
        Object.keys({ ...theirPack.prices, ...draftPack.prices }).map((plan) => [
          plan,
          pick(basePack.prices[plan], draftPack.prices[plan], theirPack.prices[plan]) ?? '',
        ]),
      ),
    });
  }
  // Packs only the person has (typed, not yet added) stay, as do packs they changed that someone else removed.
  for (const draftPack of draft.packs) {
    if (theirs.packs.some((p) => p.reference === draftPack.reference)) continue;
    const basePack = base.packs.find((p) => p.reference === draftPack.reference);
    if (!basePack || !same(basePack, draftPack)) packs.push(draftPack);
  }
  const caracteristics = Object.fromEntries(
    Object.keys({ ...theirs.caracteristics, ...draft.caracteristics }).map((code) => [
      code,
      pick(base.caracteristics[code], draft.caracteristics[code], theirs.caracteristics[code]) ?? '',
    ]),
  );
  return {
    name: pick(base.name, draft.name, theirs.name),
    short_description: pick(base.short_description, draft.short_description, theirs.short_description),
    description: pick(base.description, draft.description, theirs.description),
    instructions: pick(base.instructions, draft.instructions, theirs.instructions),
    main_category: pick(base.main_category, draft.main_category, theirs.main_category),
    other_categories: pick(base.other_categories, draft.other_categories, theirs.other_categories),
    plans: pick(base.plans, draft.plans, theirs.plans),
    caracteristics,
    related: pick(base.related, draft.related, theirs.related),
    pictograms: pick(base.pictograms, draft.pictograms, theirs.pictograms),
    packs,
  };
}

/** One line of "what changed meanwhile": the field, their value now, and what the person has typed. */
export interface Change {
  field: string;
  theirs: string;
  yours: string;
}

/** The fields someone else changed between `base` (what the person opened) and `theirs`, with the person's values. */
export function changesMeanwhile(
  base: ProductForm,
  theirs: ProductForm,
  draft: ProductForm,
  definitions: Definitions,
): Change[] {
  const changes: Change[] = [];
  const text = (value: unknown): string => {
    if (value === undefined || value === null || value === '') return '(empty)';
    if (Array.isArray(value)) return value.length ? value.join(', ') : '(none)';
    return String(value);
  };
  const add = (field: string, b: unknown, t: unknown, d: unknown, show = text) => {
    if (!same(b, t)) changes.push({ field, theirs: show(t), yours: show(d) });
  };
  const stripped = (html: unknown) =>
    text(
      String(html ?? '')
        .replaceAll(/<[^>]*>/g, ' ')
        .replaceAll(/\s+/g, ' ')
        .trim(),
    );
  const category = (id: unknown) => definitions.categories.find((c) => String(c.id) === id)?.name ?? text(id);
  add('Name', base.name, theirs.name, draft.name);
  add('Short description', base.short_description, theirs.short_description, draft.short_description);
  add('Description', base.description, theirs.description, draft.description, stripped);
  add('Instructions', base.instructions, theirs.instructions, draft.instructions);
  add('Main category', base.main_category, theirs.main_category, draft.main_category, category);
  add('Other categories', base.other_categories, theirs.other_categories, draft.other_categories, (ids) =>
    text((ids as string[]).map(category)),
  );
  const planText = (plans: unknown) =>
    text(
      definitions.plans
        .filter((p) => (plans as ProductForm['plans'])[String(p.id)]?.sold)
        .map(
          (p) =>
            AUDIENCE_LABELS[p.target] +
            ((plans as ProductForm['plans'])[String(p.id)]?.promoted ? ' (promoted)' : ''),
        ),
    );
  add('Audiences', base.plans, theirs.plans, draft.plans, planText);
  for (const c of definitions.characteristics) {
    add(
      c.label,
      base.caracteristics[c.code],
      theirs.caracteristics[c.code],
      draft.caracteristics[c.code],
      (v) => (c.unit && typeof v === 'string' && v !== '' ? `${v} ${c.unit}` : text(v)),
    );
  }
  const related = (r: unknown) => text((r as ProductForm['related']).map((p) => p.name));
  add('Related products', base.related, theirs.related, draft.related, related);
  const pictogramTitles = (keys: unknown) =>
    text((keys as string[]).map((key) => definitions.pictograms.find((p) => p.key === key)?.title ?? key));
  add('Pictograms', base.pictograms, theirs.pictograms, draft.pictograms, pictogramTitles);
  const references = new Set([...base.packs, ...theirs.packs].map((p) => p.reference));
  for (const reference of references) {
    const b = base.packs.find((p) => p.reference === reference);
    const t = theirs.packs.find((p) => p.reference === reference);
    const d = draft.packs.find((p) => p.reference === reference);
    if (!b || !t) {
      changes.push({
        field: `Pack ${reference}`,
        theirs: t ? 'added' : 'removed',
        yours: d ? 'kept' : '(not there)',
      });
      continue;
    }
    add(`Pack ${reference}: pack type`, b.label, t.label, d?.label);
    add(`Pack ${reference}: GTIN`, b.gtin, t.gtin, d?.gtin);
    add(
      `Pack ${reference}: net content`,
      `${b.quantity} ${b.unit}`,
      `${t.quantity} ${t.unit}`,
      d && `${d.quantity} ${d.unit}`,
    );
    for (const plan of definitions.plans) {
      const key = String(plan.id);
      const money = (v: unknown) => {
        const pence = typeof v === 'string' ? parsePrice(v) : undefined;
        return pence === undefined ? text(v) : pounds(pence);
      };
      add(`Pack ${reference}: ${priceLabel(plan)}`, b.prices[key], t.prices[key], d?.prices[key], money);
    }
  }
  return changes;
}

export const priceLabel = (plan: Definitions['plans'][number]) =>
  plan.prices_include_vat
    ? `${AUDIENCE_LABELS[plan.target]} price inc VAT (£)`
    : `${AUDIENCE_LABELS[plan.target]} price ex VAT (£)`;

/** A field error of the API (`body.prices.0.inc_vat`, `caracteristics.hardness`) as the form's key. */
export function formKeyOf(field: string, pack?: { index: number; body: Record<string, unknown> }): string {
  const name = field.replace(/^(body|querystring|params)\./, '');
  if (pack) {
    const price = /^prices\.(\d+)/.exec(name);
    if (price) {
      const plan = (pack.body.prices as PriceBody[] | undefined)?.[Number(price[1])]?.plan_id;
      return `packs.${pack.index}.prices.${plan}`;
    }
    return `packs.${pack.index}.${name.split('.')[0]}`;
  }
  if (name.startsWith('category_ids')) return 'main_category';
  if (name.startsWith('related_ids')) return 'related';
  if (name.startsWith('pictogram_keys')) return 'pictograms';
  if (name.startsWith('caracteristics.')) return name.split('.').slice(0, 2).join('.');
  return name.split('.')[0]!;
}
