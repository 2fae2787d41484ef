/** The public surface of the staff module: the access rules of staff routes, and what the entry points need. */
export {
  installStaffAccess,
  personRoute,
  recorderOf,
  signedIn,
  staffCaller,
  staffEntry,
  staffRoute,
} from './guard.ts';
export type { StaffCaller } from './guard.ts';
export { newSetupLink } from './onboarding.ts';
export {
  MACHINE_SCOPES,
  ROLE_PERMISSIONS,
  ROLES,
  PERMISSIONS,
  roleCan,
  scopeCan,
  type Permission,
  type Role,
  type TokenScope,
} from './roles.ts';
export { STAFF_COOKIE } from './sessions.ts';
export { sweepStaffRows } from './sweep.ts';
