/** Barcode rules of the scan modal (spec §5 and §9): digits only, left-padded with zeros to 14. */
import { BARCODE_LENGTH } from '../../lib/config.ts';

/** Digits of a typed or scanned code, spaces and dashes removed; undefined when anything else is in it. */
export function normaliseBarcode(text: string): string | undefined {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || digits.length > BARCODE_LENGTH) return undefined;
  return digits;
}

/** A code shorter than 14 digits is left-padded with zeros (an EAN-13 becomes its GTIN-14). */
export function padBarcode(digits: string): string {
  return digits.padStart(BARCODE_LENGTH, '0');
}

/**
 * The repeated-scan rule: the camera reports the same code many times a second while it stays in view; only the
 * first report of a code triggers a lookup. Forgetting (when the field is emptied) lets the same code be scanned again.
 */
export class ScanGate {
  private last: string | undefined;

  /** True when `code` differs from the previous accepted scan, and remembers it. */
  accept(code: string): boolean {
    const padded = padBarcode(code);
    if (padded === this.last) return false;
    this.last = padded;
    return true;
  }

  forget(): void {
    this.last = undefined;
  }
}
