/**
 * Roles and permissions, fixed in code (issue 22): one typed matrix of `resource:action` strings. A role holds
 * exactly the permissions listed for it; anything not listed is refused (deny by default). Every staff route names
 * the one permission it needs (`staffRoute('catalogue:write')`), which the OpenAPI document shows as
 * `x-permission`; docs/security.md prints this matrix.
 */

export const ROLES = [
  'owner',
  'orders',
  'customer_service',
  'recruitment',
  'credit_control',
  'catalogue',
  'content',
  'read_only',
] as const;
export type Role = (typeof ROLES)[number];

/** Every permission, with what it allows (docs/security.md shows these words). */
export const PERMISSIONS = {
  'account:self': "one's own account: who am I, password, own sessions",
  'orders:read': 'read orders',
  'orders:write': 'dispatch, collection and cancellation of orders',
  'orders:refund': 'refund an order',
  'orders:notes': 'add order notes',
  'orders:resend': 'resend order confirmations',
  'customers:read': "read customer accounts (customers' personal data)",
  'customers:write': 'change customer accounts',
  'trade:write': 'approve trade accounts, set terms and credit limits',
  'invoices:write': 'record on-account invoices as paid',
  'inbox:read': 'read contact and jobsite support messages',
  'inbox:write': 'handle and delete contact and jobsite support messages',
  'applications:read': 'read job applications',
  'applications:write': 'handle and delete job applications',
  'applications:cv': "download applicants' CVs",
  'training-registrations:read': 'read training registrations',
  'catalogue:read': 'read the catalogue (products, packs, prices, categories)',
  'catalogue:write': 'products, packs, prices, categories, media and imports',
  'discounts:read': 'read discount codes',
  'discounts:write': 'create and change discount codes',
  'content:read': 'read content (pages, news, folders, FAQ, menus, settings)',
  'content:write': 'pages, news, folders, FAQ, careers, training sessions, menus, settings, redirects',
  'content:publish': 'publish content and rebuild the shop',
  'stockists:write': 'stockists of the store locator',
  'staff:read': 'list staff people and invitations',
  'staff:write': "invite staff, change people's roles, deactivate, reset a second factor",
  'tokens:read': 'list machine tokens',
  'tokens:write': 'create and revoke machine tokens',
  'audit:read': 'read and export the audit trail',
  'gdpr:export': "export a customer's personal data (UK GDPR)",
  'gdpr:erase': "erase a customer's personal data (UK GDPR)",
  'builds:write': "report the storefront's builds (machine tokens only: the launcher)",
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/**
 * Scopes only a machine token can have (issue 26): no role holds their permissions, so no person can be given them.
 * `builds:write` is the launcher's (BUILD_REPORT_TOKEN): it reports builds and reads the current-build pointer.
 */
export const MACHINE_SCOPES = ['builds:write'] as const;
export type MachineScope = (typeof MACHINE_SCOPES)[number];
export const MACHINE_SCOPE_PERMISSIONS: Record<MachineScope, readonly Permission[]> = {
  'builds:write': ['builds:write'],
};
/** What a machine token may be scoped to: a role, or a machine-only scope. */
export const TOKEN_SCOPES = [...ROLES, ...MACHINE_SCOPES] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
const MACHINE_ONLY: readonly Permission[] = Object.values(MACHINE_SCOPE_PERMISSIONS).flat();
/** Every permission a person can hold (an owner's). */
const PEOPLE_PERMISSIONS = ALL_PERMISSIONS.filter((permission) => !MACHINE_ONLY.includes(permission));

const reads: Permission[] = ['catalogue:read', 'content:read'];

/** The matrix: what each role may do. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PEOPLE_PERMISSIONS,
  orders: [
    'account:self',
    'orders:read',
    'orders:write',
    'orders:refund',
    'orders:notes',
    'orders:resend',
    ...reads,
  ],
  customer_service: [
    'account:self',
    'orders:read',
    'orders:notes',
    'orders:resend',
    'customers:read',
    'customers:write',
    'inbox:read',
    'inbox:write',
    'training-registrations:read',
    ...reads,
  ],
  recruitment: ['account:self', 'applications:read', 'applications:write', 'applications:cv'],
  credit_control: ['account:self', 'orders:read', 'customers:read', 'trade:write', 'invoices:write'],
  catalogue: ['account:self', 'catalogue:write', 'discounts:read', 'discounts:write', ...reads],
  content: ['account:self', 'content:write', 'content:publish', 'stockists:write', ...reads],
  read_only: ['account:self', 'orders:read', ...reads],
};

/** Whether `role` holds `permission`. */
export function roleCan(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Whether a machine token of `scope` holds `permission`. */
export function scopeCan(scope: TokenScope, permission: Permission): boolean {
  return (MACHINE_SCOPES as readonly string[]).includes(scope)
    ? MACHINE_SCOPE_PERMISSIONS[scope as MachineScope].includes(permission)
    : roleCan(scope as Role, permission);
}

/** The permissions of a token's scope, in the order of `PERMISSIONS`. */
export function scopePermissions(scope: TokenScope): Permission[] {
  return ALL_PERMISSIONS.filter((permission) => scopeCan(scope, permission));
}

/** The permissions of a role, in the order of `PERMISSIONS` (the answer of `GET /staff/me`). */
export function permissionsOf(role: Role): Permission[] {
  return ALL_PERMISSIONS.filter((permission) => roleCan(role, permission));
}
