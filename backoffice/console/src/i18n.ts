/**
 * react-admin's English messages in British English (its own are American: "authorized", "Customize", "Logout"),
 * with the console's words for its resources. One language: the console is for the company's staff.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';

type Messages = { [key: string]: string | Messages };

/** `base` with `changes` written over it, key by key. */
function overlay(base: Messages, changes: Messages): Messages {
  const result: Messages = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    const current = result[key];
    result[key] = typeof value === 'object' && typeof current === 'object' ? overlay(current, value) : value;
  }
  return result;
}

/** Where react-admin's English is American or reads oddly to a UK member of staff. */
const british: Messages = {
  ra: {
    action: {
      back: 'Go back',
      update_application: 'Reload the application',
    },
    page: { not_found: 'Not found' },
    auth: {
      auth_check_error: 'Please sign in to continue',
      email: 'Email address',
      logout: 'Sign out',
      sign_in_error: 'Sign-in failed, please try again',
    },
    message: {
      access_denied: 'You do not have permission to see this page',
      error: 'Something went wrong and your request could not be completed.',
      invalid_form: 'Some fields need your attention: see the messages under them',
    },
    notification: {
      // react-admin's "Element updated" and the like: the shop's toasts say "Changes saved".
      updated: 'Changes saved |||| %{smart_count} changes saved',
      created: 'Saved',
      deleted: 'Deleted |||| %{smart_count} deleted',
      bad_item: 'This record is not right',
      item_doesnt_exist: 'This record does not exist',
      logged_out: 'Your session has ended: please sign in again.',
      not_authorized: 'You are not authorised to do this.',
      http_error: 'The back-office could not be reached',
    },
    saved_queries: { new_label: 'Save current query…' },
    configurable: {
      customize: 'Customise',
      Datagrid: { unlabeled: 'Unlabelled column #%{column}' },
      SimpleForm: { unlabeled: 'Unlabelled input #%{input}' },
    },
    validation: { email: 'Must be a valid email address' },
  },
};

/** The console's resources, as menus and page titles name them. */
const consoleMessages: Messages = {
  resources: {
    people: { name: 'Staff member |||| Staff' },
    invitations: {
      name: 'Invitation |||| Invitations',
      notifications: { created: 'Invitation sent', deleted: 'Invitation withdrawn' },
    },
    sessions: { name: 'Session |||| Sessions', notifications: { deleted: 'Session ended' } },
    orders: { name: 'Order |||| Orders' },
    invoices: { name: 'Open invoice |||| Open invoices' },
    customers: { name: 'Customer |||| Customers' },
  },
  // The order page's actions: what each says once done, and the back-office's refusals in words.
  orders: {
    done: {
      ready_for_collection: 'Marked ready for collection: the customer has been e-mailed',
      collected: 'Marked collected',
      dispatched: 'Dispatched: the customer has been e-mailed the tracking number',
      delivered: 'Marked delivered',
      cancelled: 'Order cancelled',
      refunded: 'Refund of %{amount} made: the customer has been e-mailed a credit note',
      note: 'Note added',
      resent: 'The confirmation e-mail is on its way again',
      invoice_paid: 'Invoice %{number} marked paid',
    },
    refused: {
      fulfilment_not_allowed:
        'Someone changed this order meanwhile: it is now "%{current}", so this cannot be done. The page shows it as it is now.',
      order_not_paid: 'This order is not paid (nor on account), so it cannot be prepared or sent.',
      refund_exceeds_captured:
        'That is more than is left to refund (someone may have refunded meanwhile): the page shows what is left now.',
      refund_exceeds_bought: 'That is more of a line than was bought and not yet refunded.',
      idempotency_key_reused: 'This refund was already made differently: close the dialog and open it again.',
      forbidden: 'Your role does not allow this.',
    },
  },
};

export const messages = overlay(
  overlay(englishMessages as unknown as Messages, british),
  consoleMessages,
) as unknown as TranslationMessages;

export const i18nProvider = polyglotI18nProvider(() => messages, 'en-GB', [
  { locale: 'en-GB', name: 'English (UK)' },
]);
