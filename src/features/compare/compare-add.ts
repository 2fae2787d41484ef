/** Loaded on the first compare click: fetches the full product (with the plan switch) for the comparator. */
import { getProduct } from '../../lib/api/catalogue.ts';
import { islandApi } from '../site/island-api.ts';
import { toComparedProduct, type ComparedProduct } from './compare.ts';

export async function loadComparedProduct(id: number): Promise<ComparedProduct> {
  return toComparedProduct(await getProduct(islandApi(), id));
}
