/**
 * Money as staff read and type it: pounds in the UK format (£1,234.56), whatever the computer's own language. The
 * API counts in integer pence; a typed amount is turned back into pence without floating-point rounding.
 */
const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** `123456` → "£1,234.56"; `-250` → "-£2.50". */
export function pounds(pence: number): string {
  return POUNDS.format(pence / 100);
}

/**
 * What a person typed as an amount in pounds ("12", "12.5", "£1,234.56") in pence, or undefined when it is not
 * one (more than two decimals, letters, a sign). Read as text so that "0.29" is 29 pence, never 28.999….
 */
export function parsePounds(text: string): number | undefined {
  const match = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const whole = Number(match[1]!.replaceAll(',', ''));
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}
