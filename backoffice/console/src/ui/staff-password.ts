/**
 * A new staff password, checked as the back-office checks it (packages/shop-rules/src/staff.ts: 12 to 128
 * characters, a lower-case letter, an upper-case letter and a number) before it is sent.
 */
import { isAcceptableStaffPassword, STAFF_PASSWORD_MESSAGE } from '@plasterwick/shop-rules/staff';
import { required } from 'react-admin';

export const STAFF_PASSWORD_HINT = STAFF_PASSWORD_MESSAGE;

const acceptable = (value: unknown) =>
  typeof value === 'string' && value !== '' && !isAcceptableStaffPassword(value)
    ? STAFF_PASSWORD_MESSAGE
    : undefined;

export const staffPasswordRules = [required(), acceptable];
