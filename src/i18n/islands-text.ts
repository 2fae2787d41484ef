/** UI strings of islands and the shared site script: the `islands` namespace of the catalogue. */
import catalogue from './en-GB/islands.json';
import { createTextReader, type TextKeys } from './reader.ts';

export type TextKey = TextKeys<typeof catalogue>;

export const text = createTextReader(catalogue, 'islands');
