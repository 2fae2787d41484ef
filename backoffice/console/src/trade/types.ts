/** The trade calls' shapes, read from the generated schema (as api/types.ts does for the others). */
import type { paths } from '../api/schema';

type Json<Answer> = Answer extends { content: { 'application/json': infer Body } } ? Body : never;
type Data<Answer> = Json<Answer> extends { data: infer D } ? D : never;

export type TradeApplication = Data<paths['/api/v1/staff/trade-applications/{id}']['get']['responses'][200]>;
export type TradeAccount = Data<
  paths['/api/v1/staff/trade-accounts']['get']['responses'][200]
>['items'][number];
export type TradeStatement = Data<
  paths['/api/v1/staff/customers/{id}/trade/statement']['get']['responses'][200]
>;
export type StatementInvoice = TradeStatement['invoices'][number];
export type ApprovalBody = NonNullable<
  paths['/api/v1/staff/trade-applications/{id}/approve']['post']['requestBody']
>['content']['application/json'];
