/**
 * What each screen needs, in the back-office's permission names (`GET /staff/me` lists a person's; the matrix is in
 * docs/security.md). The console only hides what a person cannot use: the back-office refuses it anyway.
 * Anything not listed here is refused (deny by default, as in the back-office).
 */
import type { Role } from './api/types.ts';

/** The console's resources and the permission each action needs. */
const NEEDED: Record<string, Partial<Record<string, string>>> = {
  people: { list: 'staff:read', show: 'staff:read', edit: 'staff:write' },
  invitations: { list: 'staff:read', create: 'staff:write', delete: 'staff:write' },
  sessions: { list: 'account:self', delete: 'account:self' },
  // The order page's buttons are actions of their own: each shows only to those the back-office lets do it.
  orders: {
    list: 'orders:read',
    show: 'orders:read',
    export: 'orders:read',
    fulfil: 'orders:write',
    cancel: 'orders:write',
    refund: 'orders:refund',
    note: 'orders:notes',
    resend: 'orders:resend',
  },
  invoices: { list: 'orders:read', mark_paid: 'invoices:write' },
  customers: {
    list: 'customers:read',
    show: 'customers:read',
    write: 'customers:write',
    export: 'gdpr:export',
    erase: 'gdpr:erase',
  },
  'trade-applications': { list: 'trade:write', show: 'trade:write', decide: 'trade:write' },
  'trade-accounts': { list: 'trade:write', show: 'trade:write', hold: 'trade:write' },
  discounts: {
    list: 'discounts:read',
    show: 'discounts:read',
    create: 'discounts:write',
    edit: 'discounts:write',
    deactivate: 'discounts:write',
  },
  tokens: { list: 'tokens:read', create: 'tokens:write', delete: 'tokens:write' },
  audit: { list: 'audit:read', export: 'audit:read' },
  messages: { list: 'inbox:read', show: 'inbox:read', handle: 'inbox:write' },
  applications: {
    list: 'applications:read',
    show: 'applications:read',
    handle: 'applications:write',
    cv: 'applications:cv',
  },
  'training-sessions': { list: 'training-registrations:read', export: 'training-registrations:read' },
  'training-registrations': { list: 'training-registrations:read' },
  // The spreadsheet screen (/catalogue-import): its export and import both write-level (catalogue:write).
  'catalogue-import': { list: 'catalogue:write', import: 'catalogue:write' },
  // A product's pictures and documents (/products/:id/media): reading them is part of managing them.
  'product-media': { write: 'catalogue:write' },
  // Everyone who reads the catalogue may look at a product (its edit screen, read only); changing it, prices
  // included, is `catalogue:write`.
  products: {
    list: 'catalogue:read',
    show: 'catalogue:read',
    edit: 'catalogue:read',
    write: 'catalogue:write',
  },
  categories: {
    list: 'catalogue:write',
    create: 'catalogue:write',
    edit: 'catalogue:write',
    delete: 'catalogue:write',
  },
  // The storefront's builds (issue 26): read by all who read content; a rollback is a publish.
  builds: { list: 'content:read', show: 'content:read', rollback: 'content:publish' },
  // Pages (with news and careers), how-to folders and FAQ entries: read by all who read content, changed as drafts
  // with `content:write`, published, unpublished and scheduled with `content:publish`.
  ...Object.fromEntries(
    ['content-pages', 'content-folders', 'content-faq'].map((resource) => [
      resource,
      {
        list: 'content:read',
        show: 'content:read',
        edit: 'content:read',
        create: 'content:write',
        write: 'content:write',
        publish: 'content:publish',
      },
    ]),
  ),
  // The history of any content entry (#/history/{resource}/{id}); restoring a version is a write.
  history: { list: 'content:read', restore: 'content:write' },
  redirects: {
    list: 'content:write',
    create: 'content:write',
    edit: 'content:write',
    delete: 'content:write',
  },
  // The content published on save (content-site/): shown to those who edit it.
  'content-menus': { list: 'content:write', edit: 'content:write' },
  'content-settings': { list: 'content:write', edit: 'content:write' },
  'content-slides': { list: 'content:write', edit: 'content:write' },
  'content-stockists': { list: 'stockists:write', edit: 'stockists:write' },
  'content-training': { list: 'content:write', edit: 'content:write' },
};

/** Whether a person with `permissions` may do `action` on the console's `resource` (react-admin's canAccess). */
export function allows(permissions: readonly string[], resource: string, action: string): boolean {
  const needed = NEEDED[resource]?.[action];
  return needed !== undefined && permissions.includes(needed);
}

/** Each role as the console names it. */
export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  orders: 'Orders',
  customer_service: 'Customer service',
  recruitment: 'Recruitment',
  credit_control: 'Credit control',
  catalogue: 'Catalogue',
  content: 'Content',
  read_only: 'Read only',
};

/** A role's name, for a role the answer types as any string (an invitation's). */
export function roleLabel(role: string): string {
  if (role === 'builds:write') return 'Build reports';
  return ROLE_LABELS[role as Role] ?? role;
}

export const ROLES = Object.keys(ROLE_LABELS) as Role[];

export const ROLE_CHOICES = ROLES.map((id) => ({ id, name: ROLE_LABELS[id] }));

/** What a machine token may act as: a role, or the machine-only `builds:write` (the launcher's build reports). */
export const TOKEN_SCOPE_CHOICES = [
  ...ROLE_CHOICES,
  { id: 'builds:write', name: 'Build reports (the launcher, BUILD_REPORT_TOKEN)' },
];
