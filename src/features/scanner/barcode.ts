/** Barcode rules of the scan modal (spec §5 and §9): digits only, looked up as their GTIN-14 (shop-rules' `gtin14`). */
import { gtin14 } from '@plasterwick/shop-rules/barcode';
import { BARCODE_LENGTH } from '../../lib/config.ts';

/** Digits of a typed or scanned code, spaces and dashes removed; undefined when anything else is in it. */
export function normaliseBarcode(text: string): string | undefined {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || digits.length > BARCODE_LENGTH) return undefined;
  return digits;
}

/**
 * The repeated-scan rule: the camera reports the same code many times a second while it stays in view; only the
 * first report of a code triggers a lookup. Forgetting (when the field is emptied) lets the same code be scanned again.
 */
export class ScanGate {
  private last: string | undefined;

  /** True when `code` differs from the previous accepted scan, and remembers it. */
  accept(code: string): boolean {
    const padded = gtin14(code);
    if (padded === this.last) return false;
    this.last = padded;
    return true;
  }

  forget(): void {
    this.last = undefined;
  }
}
