/** The staff API's shapes, named: each is read from the generated schema, so a change in the document shows here. */
import type { paths as generated } from './schema';

type paths = generated;

type Json<Answer> = Answer extends { content: { 'application/json': infer Body } } ? Body : never;
type Data<Answer> = Json<Answer> extends { data: infer D } ? D : never;

export type Me = Data<paths['/api/v1/staff/me']['get']['responses'][200]>;
export type Person = Data<paths['/api/v1/staff/people/{id}']['get']['responses'][200]>;
export type Role = Person['role'];
export type Enrolment = Data<paths['/api/v1/staff/setup']['post']['responses'][201]>;
export type StaffSession = Data<paths['/api/v1/staff/me/sessions']['get']['responses'][200]>['items'][number];
export type Invitation = Data<paths['/api/v1/staff/invitations']['get']['responses'][200]>['items'][number];
export type OrderListItem = Data<paths['/api/v1/staff/orders']['get']['responses'][200]>['items'][number];
export type OrderPage = Data<paths['/api/v1/staff/orders/{id}']['get']['responses'][200]>;
export type OrderLine = OrderPage['lines'][number];
export type Payment = NonNullable<OrderPage['payment']>;
export type DashboardFigures = Data<paths['/api/v1/staff/dashboard']['get']['responses'][200]>;
export type OpenInvoice = Data<paths['/api/v1/staff/invoices']['get']['responses'][200]>['items'][number];
export type OrderListQuery = NonNullable<paths['/api/v1/staff/orders']['get']['parameters']['query']>;
export type RefundBody = NonNullable<
  paths['/api/v1/staff/orders/{id}/refunds']['post']['requestBody']
>['content']['application/json'];
export type CustomerListItem = Data<
  paths['/api/v1/staff/customers']['get']['responses'][200]
>['items'][number];
export type CustomerPage = Data<paths['/api/v1/staff/customers/{id}']['get']['responses'][200]>;
export type InboxItem = Data<paths['/api/v1/staff/inbox']['get']['responses'][200]>['items'][number];
export type InboxPage = Data<paths['/api/v1/staff/inbox/{id}']['get']['responses'][200]>;
export type TrainingSessionSummary = Data<
  paths['/api/v1/staff/training-sessions']['get']['responses'][200]
>['items'][number];
