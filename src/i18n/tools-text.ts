/** UI strings of the three tools (calculator, scanner, stockists): their `tools` namespace of the catalogue. */
import catalogue from './en-GB/tools.json';
import { createTextReader, type TextKeys } from './reader.ts';

export type ToolsKey = TextKeys<typeof catalogue>;

export const toolsText = createTextReader(catalogue, 'tools');
