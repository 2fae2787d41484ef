/** UI strings of the account pages' browser code: the `auth` namespace (the markup uses it on the server). */
import catalogue from '../../i18n/en-GB/auth.json';
import { createTextReader, type TextKeys } from '../../i18n/reader.ts';

export type AuthTextKey = TextKeys<typeof catalogue>;

export const authText = createTextReader(catalogue, 'auth');
