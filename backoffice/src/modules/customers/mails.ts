/**
 * The account e-mails: the verification link of a new account, the notice to the owner of an address someone
 * tried to register again (with the login and forgotten-password links, and no link that changes anything), and
 * the password reset link. Written as letters of the shop's block renderer (mail/templates.ts): plain text and
 * escaped HTML. Pure functions: the caller gives the links' tokens and the storefront's address.
 */
import { RESET_TOKEN_MINUTES, VERIFY_TOKEN_DAYS } from '@plasterwick/shop-rules/accounts';
import { CUSTOMER_SERVICE_HOURS, type Audience } from '@plasterwick/shop-rules/constants';
import { greetingOf, pageUrl, render, type Letter, type MailContent } from '../mail/index.ts';

/** Who the letter is for: the account's names and the audience whose pages its links open. */
export interface Recipient {
  firstName: string;
  lastName: string;
  audience: Audience;
}

const SIGNATURE = ['Kind regards,', 'Plasterwick customer service'];

/** The names typed at sign-up reach the address typed with them: only as a greeting a name fits in. */
const greeting = (to: Recipient) => greetingOf(`${to.firstName} ${to.lastName}`);

const link = (siteUrl: string, to: Recipient, path: string) =>
  pageUrl(siteUrl, { audience: to.audience }, path);

const NOT_YOU =
  'If you did not ask for this, you can ignore this e-mail: nothing changes on your account without the link.';

export function verificationMail(to: Recipient, token: string, siteUrl: string): MailContent {
  const letter: Letter = {
    subject: 'Confirm your e-mail address',
    greeting: greeting(to),
    blocks: [
      {
        kind: 'paragraph',
        text: 'Welcome to Plasterwick: your account is ready and you can log in and order now.',
      },
      {
        kind: 'link',
        text:
          `Please confirm your e-mail address with this link (valid ${VERIFY_TOKEN_DAYS} days). Once it is ` +
          'confirmed, the orders you placed earlier as a guest with this address appear in your account:',
        url: link(siteUrl, to, `verify-email?token=${encodeURIComponent(token)}`),
      },
      {
        kind: 'paragraph',
        text: 'If you did not create this account, ignore this e-mail or let us know by replying.',
      },
    ],
    signature: SIGNATURE,
  };
  return render(letter);
}

/** To the owner of an address someone tried to register again: the same answer was given, this says why. */
export function alreadyRegisteredMail(to: Recipient, siteUrl: string): MailContent {
  const letter: Letter = {
    subject: 'You already have a Plasterwick account',
    greeting: greeting(to),
    blocks: [
      {
        kind: 'paragraph',
        text:
          'Someone (probably you) tried to create a Plasterwick account with this e-mail address, but you ' +
          'already have one, so no new account was created.',
      },
      { kind: 'link', text: 'Log in to your account:', url: link(siteUrl, to, 'login') },
      {
        kind: 'link',
        text: 'Forgotten your password? Choose a new one:',
        url: link(siteUrl, to, 'forgotten-password'),
      },
      {
        kind: 'paragraph',
        text: `If it was not you, you need not do anything. Questions? We are open ${CUSTOMER_SERVICE_HOURS}.`,
      },
    ],
    signature: SIGNATURE,
  };
  return render(letter);
}

export function passwordResetMail(to: Recipient, token: string, siteUrl: string): MailContent {
  const letter: Letter = {
    subject: 'Choose a new password',
    greeting: greeting(to),
    blocks: [
      {
        kind: 'link',
        text:
          `To choose a new password for your Plasterwick account, open this link within ${RESET_TOKEN_MINUTES} ` +
          'minutes. It works once; a newer request replaces it. Every device logged in to your account is logged ' +
          'out when you change it:',
        url: link(siteUrl, to, `reset-password?token=${encodeURIComponent(token)}`),
      },
      { kind: 'paragraph', text: NOT_YOU },
    ],
    signature: SIGNATURE,
  };
  return render(letter);
}
