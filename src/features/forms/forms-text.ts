/** UI strings of the forms' browser code: the `forms-island` namespace (the page markup uses `forms` on the server). */
import catalogue from '../../i18n/en-GB/forms-island.json';
import { createTextReader, type TextKeys } from '../../i18n/reader.ts';

export type FormsTextKey = TextKeys<typeof catalogue>;

export const formsText = createTextReader(catalogue, 'forms-island');
