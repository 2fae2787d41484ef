/**
 * The trade account e-mails (issue 24): the staff's notice of a new application (to `MAIL_STAFF_TO_TRADE`, with a
 * link to it in the console), and the customer's answer, approved (with the terms) or declined (with the reason
 * staff gave). Letters of the shop's block renderer: plain text and escaped HTML.
 */
import { formatPrice } from '@plasterwick/shop-rules/price-format';
import type { Audience } from '@plasterwick/shop-rules/constants';
import { greetingOf, pageUrl, render, type MailContent } from '../mail/index.ts';

const SIGNATURE = ['Kind regards,', 'Plasterwick credit control'];

export interface ApplicationMailDetails {
  id: number;
  company: string;
  companyNumber: string;
  vatNumber: string | null;
  expectedMonthlySpendPounds: number;
  phone: string;
  email: string;
  name: string;
  audience: Audience;
}

export function staffApplicationMail(application: ApplicationMailDetails, consoleLink: string): MailContent {
  return render({
    subject: `Trade account application: ${application.company}`,
    blocks: [
      {
        kind: 'fields',
        rows: [
          ['Company', application.company],
          ['Company registration number', application.companyNumber],
          ['VAT number', application.vatNumber ?? 'not given'],
          ['Expected monthly spend', formatPrice(application.expectedMonthlySpendPounds * 100)],
          ['Contact', application.name],
          ['E-mail', application.email],
          ['Phone', application.phone],
        ],
      },
      { kind: 'link', text: 'Approve or decline it in the staff console:', url: consoleLink },
    ],
  });
}

export interface Terms {
  paymentTermsDays: number;
  creditLimitPence: number;
  poRequired: boolean;
}

export function applicationApprovedMail(
  to: { name: string; audience: Audience; company: string },
  terms: Terms,
  siteUrl: string,
): MailContent {
  return render({
    subject: 'Your trade account is approved',
    greeting: greetingOf(to.name),
    blocks: [
      {
        kind: 'paragraph',
        text: `Good news: ${to.company} can now pay on account at checkout, within these terms.`,
      },
      {
        kind: 'fields',
        rows: [
          ['Payment terms', `${terms.paymentTermsDays} days from the order`],
          ['Credit limit', formatPrice(terms.creditLimitPence)],
          ['Purchase order number', terms.poRequired ? 'Required with each order' : 'Not required'],
        ],
      },
      {
        kind: 'link',
        text: 'Your credit and open invoices are on your trade account page:',
        url: pageUrl(siteUrl, { audience: to.audience }, 'account/trade'),
      },
    ],
    signature: SIGNATURE,
  });
}

export function applicationDeclinedMail(
  to: { name: string; audience: Audience; company: string },
  reason: string,
  siteUrl: string,
): MailContent {
  return render({
    subject: 'Your trade account application',
    greeting: greetingOf(to.name),
    blocks: [
      {
        kind: 'paragraph',
        text: `Thank you for applying for a trade account for ${to.company}. We are sorry: we cannot open it for now.`,
      },
      { kind: 'fields', rows: [['Reason', reason]] },
      {
        kind: 'link',
        text: 'You can still order and pay by card, and apply again from your account when things change:',
        url: pageUrl(siteUrl, { audience: to.audience }, 'account/trade'),
      },
    ],
    signature: SIGNATURE,
  });
}
