/** The staff API's shapes, named: each is read from the generated schema, so a change in the document shows here. */
import type { paths } from './schema';

type Json<Answer> = Answer extends { content: { 'application/json': infer Body } } ? Body : never;
type Data<Answer> = Json<Answer> extends { data: infer D } ? D : never;

export type Me = Data<paths['/api/v1/staff/me']['get']['responses'][200]>;
export type Person = Data<paths['/api/v1/staff/people/{id}']['get']['responses'][200]>;
export type Role = Person['role'];
export type Enrolment = Data<paths['/api/v1/staff/setup']['post']['responses'][201]>;
export type StaffSession = Data<paths['/api/v1/staff/me/sessions']['get']['responses'][200]>['items'][number];
export type Invitation = Data<paths['/api/v1/staff/invitations']['get']['responses'][200]>['items'][number];
