/**
 * The catalogue spreadsheet's calls (docs/api-contract.md "Staff: the catalogue spreadsheet"): the export is a plain
 * link (the browser downloads it with the session cookie); the import sends the chosen file as the body, first as a
 * dry run, then applied with the dry run's token.
 */
import { SITE_ID } from '@plasterwick/shop-rules/constants';
import { api, unwrap } from '../../api/client.ts';
import type { paths } from '../../api/schema';

export type ImportReport =
  paths['/api/v1/staff/catalogue/import']['post']['responses'][200]['content']['application/json']['data'];

export const EXPORT_URL = `/api/v1/staff/catalogue/export.csv?site_id=${SITE_ID}`;

/** Sends the file: a dry run without `token`, the apply with the dry run's. */
export async function importCsv(csv: string, token?: string): Promise<ImportReport> {
  const answer = await unwrap(
    api.POST('/api/v1/staff/catalogue/import', {
      params: {
        query: token ? { site_id: SITE_ID, dry_run: 'false', token } : { site_id: SITE_ID, dry_run: 'true' },
      },
      body: csv,
      bodySerializer: (body: string) => body,
      headers: { 'content-type': 'text/csv' },
    }),
  );
  return answer.data;
}

/** The price columns (`trade_ex_vat`, `diy_inc_vat`): shown as money. */
export const isPriceColumn = (column: string) => column.endsWith('_vat');

/** One line of the changes table per changed field. */
export function changeLines(report: ImportReport) {
  return report.changes.flatMap((change) =>
    change.fields.map((field, i) => ({
      key: `${change.line}-${i}`,
      line: change.line,
      action: change.action,
      product: change.product_reference,
      pack: change.pack_reference,
      ...field,
    })),
  );
}
