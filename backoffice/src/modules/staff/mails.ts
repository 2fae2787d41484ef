/**
 * The staff e-mails: an invitation, a password reset link and a link to enrol a new authenticator. Their links
 * start with CONSOLE_URL; each one carries a single-use token. Letters of the shop's block renderer (plain text and
 * escaped HTML). Pure functions: the caller gives the console's address and the token.
 */
import { render, type MailContent } from '../mail/index.ts';

const SIGNATURE = ['Plasterwick'];

export const consoleLink = (consoleUrl: string, path: string, token: string) =>
  `${consoleUrl}/${path}?token=${encodeURIComponent(token)}`;

export function invitationMail(consoleUrl: string, token: string, role: string, hours: number): MailContent {
  return render({
    subject: 'You are invited to the Plasterwick staff console',
    greeting: 'Hello,',
    blocks: [
      {
        kind: 'paragraph',
        text:
          `You have been given a staff account with the role "${role.replace('_', ' ')}". Choose your name and ` +
          'password, then set up an authenticator app on your phone: every sign-in asks for its code.',
      },
      {
        kind: 'link',
        text: `Accept the invitation (the link works once, within ${hours} hours):`,
        url: consoleLink(consoleUrl, 'invitation', token),
      },
      { kind: 'paragraph', text: 'If you were not expecting this, you can ignore this e-mail.' },
    ],
    signature: SIGNATURE,
  });
}

export function staffResetMail(consoleUrl: string, token: string, minutes: number): MailContent {
  return render({
    subject: 'Choose a new password for the Plasterwick staff console',
    greeting: 'Hello,',
    blocks: [
      {
        kind: 'link',
        text: `Choose a new password with this link (it works once, within ${minutes} minutes):`,
        url: consoleLink(consoleUrl, 'reset', token),
      },
      {
        kind: 'paragraph',
        text:
          'Signing in still needs the code of your authenticator app. If you did not ask for this, ignore this ' +
          'e-mail: your password stays as it is.',
      },
    ],
    signature: SIGNATURE,
  });
}

export function enrolmentMail(consoleUrl: string, token: string, hours: number): MailContent {
  return render({
    subject: 'Set up your authenticator for the Plasterwick staff console',
    greeting: 'Hello,',
    blocks: [
      {
        kind: 'paragraph',
        text:
          'The second step of your sign-in was reset, for example after a lost phone. Until you set up an ' +
          'authenticator app again, you cannot sign in.',
      },
      {
        kind: 'link',
        text: `Set it up with this link and your password (it works once, within ${hours} hours):`,
        url: consoleLink(consoleUrl, 'enrol', token),
      },
    ],
    signature: SIGNATURE,
  });
}
