/** UI strings of the account area's browser code: the `account` namespace (pages read it with `t('account:…')`). */
import catalogue from '../../i18n/en-GB/account.json';
import { createTextReader, type TextKeys } from '../../i18n/reader.ts';

export type AccountTextKey = TextKeys<typeof catalogue>;

export const accountText = createTextReader(catalogue, 'account');
