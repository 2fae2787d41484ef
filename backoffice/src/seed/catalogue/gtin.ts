/** GTIN helpers (GS1 mod-10 check digit). */

/** GS1 check digit for the digits of a GTIN without its check digit. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  // Weights alternate 3, 1 starting from the rightmost digit of the body.
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `code` (8 to 14 digits) ends with its correct check digit. */
export function isValidGtin(code: string): boolean {
  if (!/^\d{8,14}$/.test(code)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}
