/** Quantity maths of the calculator: surface from walls and openings, kilograms needed, wastage. */

/**
 * Wastage allowance added to the theoretical quantity: mixing losses, material left in the bucket and on the tools,
 * uneven substrates. 10 % is the usual trade allowance for fillers and plasters (a calculator design decision, not
 * a spec §9 constant).
 */
export const WASTAGE_RATE = 0.1;

export interface Rectangle {
  /** Metres. */
  width: number;
  /** Metres. */
  height: number;
}

/** Rounds to the nearest hundredth (m² and kg are shown with two decimals at most). */
export function roundHundredths(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

export function rectangleArea(r: Rectangle): number {
  return r.width * r.height;
}

/** Net wall surface in m²: the walls minus the openings (doors, windows), never below zero. */
export function netWallArea(walls: Rectangle[], openings: Rectangle[]): number {
  const gross = walls.reduce((sum, w) => sum + rectangleArea(w), 0);
  const holes = openings.reduce((sum, o) => sum + rectangleArea(o), 0);
  return Math.max(0, roundHundredths(gross - holes));
}

export interface Quantity {
  /** Area × thickness × consumption, in kg. */
  theoreticalKg: number;
  /** The wastage allowance, in kg. */
  wastageKg: number;
  /** What to buy, in grams (rounded up to the gram): theoretical + wastage. */
  requiredGrams: number;
}

/**
 * Kilograms of product for `areaM2` at `thicknessMm`, given a consumption in kg per m² per mm of thickness,
 * plus the wastage allowance.
 */
export function quantityNeeded(
  areaM2: number,
  thicknessMm: number,
  consumptionKgPerM2PerMm: number,
): Quantity {
  const theoreticalKg = areaM2 * thicknessMm * consumptionKgPerM2PerMm;
  const wastageKg = theoreticalKg * WASTAGE_RATE;
  // Rounded to the gram first so floating-point noise (12.000000001 kg) does not add a gram.
  const requiredGrams = Math.ceil(Math.round((theoreticalKg + wastageKg) * 1e6) / 1e3);
  return { theoreticalKg, wastageKg, requiredGrams };
}

/**
 * Parses a number typed by a person: accepts a comma or a point as the decimal separator and surrounding spaces
 * (spec §5 accepts comma decimals). Undefined for an empty or non-numeric text.
 */
export function parseDecimal(text: string): number | undefined {
  const cleaned = text.trim().replace(/\s+/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(cleaned)) return undefined;
  return Number(cleaned);
}
