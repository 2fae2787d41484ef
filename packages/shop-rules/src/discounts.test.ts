import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { DISCOUNT_REFUSALS } from './discounts.ts';

test('the refusals are the ones the API contract documents for POST /cart/discount', () => {
  const contract = readFileSync(new URL('../../../docs/api-contract.md', import.meta.url), 'utf8');
  const row = contract.split('\n').find((line) => line.startsWith('| `POST /cart/discount`'));
  const documented = [...(row ?? '').matchAll(/`(discount_[a-z_]+)`/g)].map((match) => match[1]);
  expect(documented).toEqual([...DISCOUNT_REFUSALS]);
});
