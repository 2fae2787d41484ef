/**
 * What the data sheet generators read of a product: its text, main category, characteristics (as stored, with
 * their definitions for labels and units) and packs. The seed builds it from its own data; the runtime from the
 * database (sheet-data.ts), so a regenerated sheet follows the product as staff edited it.
 */

/** The chemistry a safety data sheet's composition and classification are chosen from. */
export type Chemistry =
  | 'gypsum'
  | 'gypsum_plaster'
  | 'cementitious'
  | 'dispersion'
  | 'polyester_resin'
  | 'silicone'
  | 'abrasive'
  | 'article';

export type SheetFormat = 'powder' | 'ready_mixed' | 'cartridge' | 'tool';

/** A characteristic's definition: the label and unit of its rows, the labels of its values. */
export interface SheetDefinition {
  code: string;
  label: string;
  unit?: string | null;
  options: readonly { value: string; label: string }[];
}

export interface SheetProduct {
  reference: string;
  name: string;
  short: string;
  /** Paragraphs separated by blank lines. */
  description: string;
  /** One step per line. */
  instructions: string;
  /** Slug of the main category. */
  category: string;
  format: SheetFormat;
  surface?: readonly string[];
  job?: readonly string[];
  finish?: readonly string[];
  use?: string;
  colour?: readonly string[];
  consumption?: number;
  maxThickness?: number;
  drying?: number;
  overcoat?: number;
  notPaintable?: boolean;
  chemistry?: Chemistry;
  packs: readonly { reference: string; label: string; gtin: string }[];
}

export const optionLabelIn = (definitions: readonly SheetDefinition[], code: string, value: string) =>
  definitions.find((c) => c.code === code)?.options.find((o) => o.value === value)?.label ?? value;

/** The product's characteristics as [label, value] rows, in the order a data sheet lists them. */
export function sheetFacts(
  product: SheetProduct,
  definitions: readonly SheetDefinition[],
): [string, string][] {
  const rows: [string, string][] = [];
  const enumRow = (code: string, values: readonly string[] | undefined) => {
    const definition = definitions.find((c) => c.code === code);
    if (!values?.length || !definition) return;
    rows.push([definition.label, values.map((v) => optionLabelIn(definitions, code, v)).join(', ')]);
  };
  const numberRow = (code: string, value: number | undefined) => {
    const definition = definitions.find((c) => c.code === code);
    if (value === undefined || !definition) return;
    rows.push([definition.label, `${value} ${definition.unit ?? ''}`.trim()]);
  };
  enumRow('format', [product.format]);
  enumRow('surface', product.surface);
  enumRow('job', product.job);
  enumRow('finish', product.finish);
  enumRow('use', product.use ? [product.use] : undefined);
  enumRow('colour', product.colour);
  numberRow('consumption', product.consumption);
  numberRow('max_thickness', product.maxThickness);
  numberRow('drying_time', product.drying);
  numberRow('overcoat_time', product.overcoat);
  return rows;
}
