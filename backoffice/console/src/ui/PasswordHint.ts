/** What a staff password needs (the back-office checks it: packages/shop-rules/src/staff.ts). */
export const STAFF_PASSWORD_HINT =
  'At least 12 characters, with a lower-case letter, an upper-case letter and a number';
