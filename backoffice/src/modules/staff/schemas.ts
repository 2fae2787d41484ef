/**
 * Bodies, queries and answers of the staff calls (`/api/v1/staff/…`, docs/api-contract.md "Staff accounts"). Lists
 * take react-admin's `page`, `perPage`, `sort`, `order` and answer `{ data: { items, total } }`.
 */
import { staffPassword } from '@plasterwick/shop-rules/staff';
import { z } from 'zod';
import { ALL_PERMISSIONS, ROLES, TOKEN_SCOPES } from './roles.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const linkToken = z.string().min(1).max(200);
const email = z.email().max(254);
const name = z.string().trim().min(1).max(120);
const role = z.enum(ROLES);
/** A token's scope: a role, or a machine-only scope. */
const tokenScope = z.enum(TOKEN_SCOPES);
const instant = z.iso.datetime({ offset: true });

export const idParams = z.object({ id });

const listQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  order: z.enum(['ASC', 'DESC']).default('ASC'),
};

// ---- people ---------------------------------------------------------------------------------------------------

export const personSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role,
  active: z.boolean(),
  enrolled: z.boolean(),
  last_sign_in_at: instant.nullable(),
  created_at: instant,
  version: z.number().int(),
});
export type Person = z.infer<typeof personSchema>;

export const meSchema = personSchema.extend({ permissions: z.array(z.enum(ALL_PERMISSIONS)) });
export type Me = z.infer<typeof meSchema>;

export const peopleListQuery = z.strictObject({
  ...listQuery,
  sort: z.enum(['id', 'name', 'email', 'role', 'created_at', 'last_sign_in_at']).default('name'),
  role: role.optional(),
  active: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  email: z.string().min(1).max(254).optional(),
  q: z.string().min(1).max(100).optional(),
});
export type PeopleListQuery = z.infer<typeof peopleListQuery>;

export const personPatch = z.strictObject({
  role: role.optional(),
  active: z.boolean().optional(),
  version: z.number().int().positive().max(2_147_483_647),
});
export type PersonPatch = z.infer<typeof personPatch>;

// ---- setup, invitations, enrolment --------------------------------------------------------------------------

export const tokenQuery = z.strictObject({ token: linkToken });

export const setupBody = z.strictObject({ token: linkToken, name, email, password: staffPassword() });

export const enrolmentSchema = z.object({
  enrolment_token: z.string(),
  email: z.string(),
  totp: z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() }),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role,
  invited_by: z.number().int().nullable(),
  expires_at: instant,
  accepted_at: instant.nullable(),
  created_at: instant,
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListQuery = z.strictObject({
  ...listQuery,
  order: z.enum(['ASC', 'DESC']).default('DESC'),
  sort: z.enum(['id', 'email', 'role', 'created_at', 'expires_at']).default('created_at'),
  pending: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type InvitationListQuery = z.infer<typeof invitationListQuery>;

export const invitationBody = z.strictObject({ email, role });
export const acceptBody = z.strictObject({ token: linkToken, name, password: staffPassword() });

export const enrolmentBody = z.strictObject({
  enrolment_token: linkToken,
  code: z.string().trim().min(1).max(20),
});
/** Re-enrolment from an e-mailed link (after a reset of the second factor): the link and the password. */
export const enrolmentStartBody = z.strictObject({ token: linkToken, password: z.string().min(1).max(1024) });

export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export const secondFactorResetSchema = z.object({ enrolment_url: z.string() });

// ---- sign-in, sessions, passwords ---------------------------------------------------------------------------

export const signInBody = z.strictObject({
  email: z.string().max(254),
  password: z.string().max(1024),
  code: z.string().max(20).optional(),
  recovery_code: z.string().max(40).optional(),
});
export type SignInBody = z.infer<typeof signInBody>;

export const sessionListSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      created_at: instant,
      last_seen_at: instant,
      ip: z.string(),
      user_agent: z.string(),
      current: z.boolean(),
    }),
  ),
  total: z.number().int(),
});

export const passwordChangeBody = z.strictObject({
  current_password: z.string().min(1).max(1024),
  new_password: staffPassword(),
});
export const resetRequestBody = z.strictObject({ email: z.string().max(254) });
export const resetConfirmBody = z.strictObject({ token: linkToken, password: staffPassword() });

// ---- machine tokens -------------------------------------------------------------------------------------------

export const machineTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: tokenScope,
  expires_at: instant.nullable(),
  last_used_at: instant.nullable(),
  created_by: z.number().int().nullable(),
  revoked_at: instant.nullable(),
  created_at: instant,
});
export type MachineToken = z.infer<typeof machineTokenSchema>;

export const tokenListQuery = z.strictObject({
  ...listQuery,
  order: z.enum(['ASC', 'DESC']).default('DESC'),
  sort: z.enum(['id', 'name', 'created_at', 'last_used_at', 'expires_at']).default('created_at'),
});
export type TokenListQuery = z.infer<typeof tokenListQuery>;

export const tokenBody = z.strictObject({
  name: z.string().trim().min(1).max(120),
  scope: tokenScope,
  expires_at: instant.nullish(),
});
export type TokenBody = z.infer<typeof tokenBody>;

export const createdTokenSchema = machineTokenSchema.extend({ token: z.string() });

/** `{ data: T }` */
export const answer = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const listAnswer = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.object({ items: z.array(item), total: z.number().int() }) });
