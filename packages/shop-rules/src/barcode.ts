/**
 * Barcodes (spec §5 and §9): a pack's GTIN is stored, scanned and looked up as 14 digits, so an EAN-13 printed on a
 * bag and the GTIN-14 in the catalogue name the same pack. Browser-safe.
 */
import { BARCODE_LENGTH } from './constants.ts';

/** A code of at most 14 digits as its GTIN-14: left-padded with zeros (`5012345678900` → `05012345678900`). */
export function gtin14(code: string): string {
  return code.padStart(BARCODE_LENGTH, '0');
}
