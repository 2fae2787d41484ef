/**
 * The e-mails the shop sends: for each public form, an acknowledgement to the visitor (the form's fixed choices and
 * when we reply) and a notification to staff (every field); and the order confirmation. An acknowledgement goes to
 * whatever address was typed, so it repeats nothing the sender typed freely (message, company, addresses, links,
 * file names, participants): only a greeting name of at most 40 characters that reads as a name (issue 21), else
 * the shop's e-mail would carry anyone's words to anyone. Each message is written
 * once as a list of blocks and rendered both as plain text and as simple HTML, where every value is escaped:
 * visitors' text never becomes markup.
 * Pure functions: no clock, no configuration read.
 */
import {
  AUDIENCES,
  CUSTOMER_SERVICE_HOURS,
  JOBSITE_SUPPORT_HOURS,
  TARGET_SEGMENTS,
  type Audience,
} from '@plasterwick/shop-rules/constants';
import type { JOBSITE_SURFACES } from '@plasterwick/shop-rules/forms';
import { escapeHtml } from '@plasterwick/shop-rules/html';
import { formatPrice } from '@plasterwick/shop-rules/price-format';
import type { MailForm } from '../../config.ts';

/** A message ready for the outbox. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** What the form's data alone does not say, looked up by the caller in its transaction. */
export interface FormMailDetails {
  /** The training session registered for. */
  session?: { title: string; location: string; starts_on: string };
  /** The job applied for; absent for a spontaneous application. */
  vacancyTitle?: string;
  /** The CV's file name, as stored with the application. */
  cvFileName?: string;
}

type Field = [label: string, value: string];

/** Fields and lists may open with a line that introduces them ("Participants:"). */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'fields'; heading?: string; rows: Field[] }
  | { kind: 'list'; heading?: string; items: string[] }
  | { kind: 'link'; text: string; url: string };

export interface Letter {
  subject: string;
  /** "Dear Ms Morgan,"; staff notifications have none. */
  greeting?: string;
  blocks: Block[];
  signature?: string[];
}

// ---- values -------------------------------------------------------------------------------------------------

const CIVILITIES: Record<string, string> = { mr: 'Mr', mrs: 'Mrs', ms: 'Ms', mx: 'Mx', dr: 'Dr' };
const SURFACES: Record<(typeof JOBSITE_SURFACES)[number], string> = {
  plasterboard: 'Plasterboard',
  plaster: 'Plaster',
  concrete: 'Concrete',
  'brick-block': 'Brick or block',
  timber: 'Timber',
  render: 'Render',
  other: 'Other',
};
const AUDIENCE_NAMES: Record<Audience, string> = { pro: 'Trade', part: 'DIY' };

const isAudience = (value: unknown): value is Audience => AUDIENCES.includes(value as Audience);

/** A field's value as text; undefined when the visitor left it empty. */
function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  const result = typeof value === 'object' ? JSON.stringify(value) : String(value).trim();
  return result === '' ? undefined : result;
}

/**
 * "Tuesday 12 January 2027". A bare date (`2027-01-12`) is that calendar day; a timestamp is its day in London.
 * Built from parts because ICU writes "Tuesday, 12 January 2027", and UK style has no comma there.
 */
export function longDate(value: string): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  const format = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: dateOnly ? 'UTC' : 'Europe/London',
  });
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/** How a field reads in an e-mail: "Ms", "Brick or block", "3 weeks", "120 m²", "Yes". */
function display(key: string, value: unknown): string | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  switch (key) {
    case 'civility':
      return CIVILITIES[raw] ?? raw;
    case 'start_date':
      return longDate(raw);
    case 'duration_weeks':
      return raw === '1' ? '1 week' : `${raw} weeks`;
    case 'surface':
      return SURFACES[raw as keyof typeof SURFACES] ?? raw;
    case 'surface_m2':
      return `${raw} m²`;
    case 'audience':
      return isAudience(raw) ? AUDIENCE_NAMES[raw] : raw;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return raw;
}

// ---- fields of each form ------------------------------------------------------------------------------------

const PERSON: Field[] = [
  ['civility', 'Title'],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['email', 'Email'],
];

/** The visitor's own fields, in the form's order, with the labels the staff notification shows. */
const FORM_FIELDS: Record<MailForm, Field[]> = {
  contact: [
    ...PERSON,
    ['phone', 'Phone'],
    ['company', 'Company'],
    ['company_number', 'Company number'],
    ['subject', 'Subject'],
    ['message', 'Message'],
  ],
  'construction-starts': [
    ...PERSON,
    ['phone', 'Phone'],
    ['company', 'Company'],
    ['company_number', 'Company number'],
    ['site_address', 'Site address'],
    ['site_postcode', 'Site postcode'],
    ['site_town', 'Site town'],
    ['start_date', 'Works start'],
    ['duration_weeks', 'Expected duration'],
    ['surface', 'Surface'],
    ['surface_m2', 'Area'],
    ['products', 'Products'],
    ['message', 'Project description'],
  ],
  application: [
    ...PERSON,
    ['phone', 'Phone'],
    ['town', 'Town'],
    ['linkedin_url', 'LinkedIn profile'],
    ['message', 'Cover letter'],
  ],
  'training-registration': [
    ['company', 'Company'],
    ['company_number', 'Company number'],
    ['contact_name', 'Contact name'],
    ['email', 'Email'],
    ['phone', 'Phone'],
  ],
};

/** Fields staff see besides the visitor's: which pages the form came from, what was ticked, what was chosen. */
const STAFF_FIELDS: Field[] = [
  ['audience', 'Audience'],
  ['accept_terms', 'Terms accepted'],
  ['page_id', 'Job page id'],
  ['session_id', 'Session id'],
];

/** Never shown: the bot-check token and the honeypot; participants have their own list. */
const NOT_LISTED = new Set(['bot_check', 'website', 'participants']);

function rows(data: Record<string, unknown>, fields: Field[]): Field[] {
  return fields.flatMap(([key, label]): Field[] => {
    const value = display(key, data[key]);
    return value === undefined ? [] : [[label, value]];
  });
}

/** Every field of the submission: the form's, then the staff ones, then any other under its own name. */
function allRows(form: MailForm, data: Record<string, unknown>): Field[] {
  const known = [...FORM_FIELDS[form], ...STAFF_FIELDS];
  const names = new Set(known.map(([key]) => key));
  const others = Object.keys(data)
    .filter((key) => !names.has(key) && !NOT_LISTED.has(key))
    .map((key): Field => [key, key]);
  return rows(data, [...known, ...others]);
}

interface Participant {
  first_name?: unknown;
  last_name?: unknown;
  function?: unknown;
  email?: unknown;
}

/** "Jane Doe, Site manager (jane@example.co.uk)". */
function participants(data: Record<string, unknown>): string[] {
  const list = Array.isArray(data.participants) ? (data.participants as Participant[]) : [];
  return list.map((p) => {
    const name = [text(p.first_name), text(p.last_name)].filter(Boolean).join(' ');
    const email = text(p.email);
    return `${[name, text(p.function)].filter(Boolean).join(', ')}${email ? ` (${email})` : ''}`;
  });
}

function fullName(data: Record<string, unknown>): string {
  return [text(data.first_name), text(data.last_name)].filter(Boolean).join(' ') || text(data.email) || '';
}

/** The longest name a greeting repeats: room for a name, not for a message. */
export const GREETING_NAME_MAX = 40;
/** Letters (any script), spaces, apostrophes, hyphens and dots: what names are made of, and no link is. */
const NAME_LIKE = /^[\p{L}\p{M}'’ .-]+$/u;

/** "Dear Alex Morgan," for a name that reads as one and is at most 40 characters; anything else "Hello,". */
export function greetingOf(name: string | undefined): string {
  const tidy = name?.replace(/\s+/g, ' ').trim() ?? '';
  return tidy.length > 0 && tidy.length <= GREETING_NAME_MAX && NAME_LIKE.test(tidy)
    ? `Dear ${tidy},`
    : 'Hello,';
}

/** "Dear Ms Morgan," with a title, else "Dear Alex Morgan,"; a training registration addresses its contact. */
function greeting(data: Record<string, unknown>): string {
  const contact = text(data.contact_name);
  if (contact) return greetingOf(contact);
  const civility = CIVILITIES[text(data.civility) ?? ''];
  const lastName = text(data.last_name);
  if (civility && lastName) return greetingOf(`${civility} ${lastName}`);
  return greetingOf([text(data.first_name), text(data.last_name)].filter(Boolean).join(' '));
}

/** A storefront page in the visitor's audience: `{siteUrl}/{segment}/{path}`. */
export function pageUrl(siteUrl: string, data: Record<string, unknown>, path: string): string {
  const audience = isAudience(data.audience) ? data.audience : 'pro';
  return `${siteUrl.replace(/\/+$/, '')}/${TARGET_SEGMENTS[audience]}/${path}`;
}

// ---- the eight messages -------------------------------------------------------------------------------------

function contactMails(data: Record<string, unknown>, siteUrl: string) {
  const acknowledgement: Letter = {
    subject: 'We have received your message',
    greeting: greeting(data),
    blocks: [
      {
        kind: 'paragraph',
        text:
          'Thank you for contacting Plasterwick: we have your message. Our customer service team will reply to ' +
          `this address within one working day (we are open ${CUSTOMER_SERVICE_HOURS}).`,
      },
      {
        kind: 'link',
        text: 'Something to add? Write to us again from our contact page:',
        url: pageUrl(siteUrl, data, 'contact'),
      },
    ],
    signature: ['Kind regards,', 'Plasterwick customer service'],
  };
  const staff: Letter = {
    subject: `Contact form: ${text(data.subject) ?? fullName(data)}`,
    blocks: [
      {
        kind: 'paragraph',
        text: `${fullName(data)} wrote through the contact form. Reply to this e-mail to answer them directly.`,
      },
      { kind: 'fields', rows: allRows('contact', data) },
    ],
  };
  return { acknowledgement, staff };
}

function constructionStartsMails(data: Record<string, unknown>, siteUrl: string) {
  const phone = text(data.phone);
  const acknowledgement: Letter = {
    subject: 'We have received your jobsite support request',
    greeting: greeting(data),
    blocks: [
      {
        kind: 'paragraph',
        text:
          `Thank you for telling us about your project. Your request will be handled within ` +
          `${JOBSITE_SUPPORT_HOURS} hours: a technical adviser will call you on the number you gave us ` +
          'to talk through the works, the surfaces and the products that suit them.',
      },
      // The form's fixed choice only: what the visitor typed is the staff's to read.
      { kind: 'fields', heading: 'Your request:', rows: rows(data, [['surface', 'Surface']]) },
      {
        kind: 'link',
        text: 'More about our jobsite support:',
        url: pageUrl(siteUrl, data, 'jobsite-support'),
      },
    ],
    signature: ['Kind regards,', 'Plasterwick technical advice'],
  };
  const where = [text(data.company), text(data.site_town)].filter(Boolean).join(', ');
  const staff: Letter = {
    subject: `Jobsite support request: ${where || fullName(data)}`,
    blocks: [
      {
        kind: 'paragraph',
        text:
          `To be handled within ${JOBSITE_SUPPORT_HOURS} hours: a technical adviser calls ${fullName(data)}` +
          `${phone ? ` on ${phone}` : ''}. Reply to this e-mail to write to them.`,
      },
      { kind: 'fields', rows: allRows('construction-starts', data) },
    ],
  };
  return { acknowledgement, staff };
}

function applicationMails(data: Record<string, unknown>, details: FormMailDetails, siteUrl: string) {
  const vacancy = details.vacancyTitle;
  const position: Field = ['Position', vacancy ?? 'Spontaneous application'];
  const cv: Field[] = details.cvFileName ? [['CV', details.cvFileName]] : [];
  const acknowledgement: Letter = {
    subject: 'We have received your application',
    greeting: greeting(data),
    blocks: [
      {
        kind: 'paragraph',
        text: vacancy
          ? `Thank you for applying for the position of ${vacancy} at Plasterwick.`
          : 'Thank you for your spontaneous application to Plasterwick.',
      },
      {
        kind: 'paragraph',
        text:
          (details.cvFileName ? 'We have your CV and your details. ' : 'We have your details. ') +
          'Our recruitment team reads every application. If your profile matches ' +
          (vacancy ? 'the position' : 'one of our roles') +
          ', we will contact you by e-mail or phone to arrange an interview; if not, we will let you know.',
      },
      { kind: 'fields', rows: [position] },
      { kind: 'link', text: 'See all our vacancies:', url: pageUrl(siteUrl, data, 'careers') },
    ],
    signature: ['Kind regards,', 'Plasterwick recruitment'],
  };
  const staff: Letter = {
    subject: `Job application: ${vacancy ?? 'spontaneous application'} – ${fullName(data)}`,
    blocks: [
      {
        kind: 'paragraph',
        text:
          `${fullName(data)} applied${vacancy ? ` for ${vacancy}` : ' spontaneously'}. ` +
          (details.cvFileName ? 'The CV is stored with the submission in the back-office. ' : '') +
          'Reply to this e-mail to write to them.',
      },
      { kind: 'fields', rows: [position, ...cv, ...allRows('application', data)] },
    ],
  };
  return { acknowledgement, staff };
}

function trainingMails(data: Record<string, unknown>, details: FormMailDetails, siteUrl: string) {
  const { session } = details;
  const title = session?.title ?? 'the training session';
  const sessionRows: Field[] = session
    ? [
        ['Session', session.title],
        ['Date', longDate(session.starts_on)],
        ['Location', session.location],
      ]
    : [];
  const people = participants(data);
  const count = people.length === 1 ? '1 participant' : `${people.length} participants`;
  const acknowledgement: Letter = {
    subject: 'We have received your training registration',
    greeting: greeting(data),
    blocks: [
      { kind: 'paragraph', text: `Thank you for registering ${count} for ${title}.` },
      { kind: 'fields', rows: sessionRows },
      {
        kind: 'paragraph',
        text: 'A confirmation with the joining details (times, address and what to bring) will follow by e-mail.',
      },
      { kind: 'link', text: 'Our training courses:', url: pageUrl(siteUrl, data, 'training') },
    ],
    signature: ['Kind regards,', 'Plasterwick training'],
  };
  const staff: Letter = {
    subject: `Training registration: ${title}, ${text(data.company) ?? fullName(data)}`,
    blocks: [
      {
        kind: 'paragraph',
        text:
          `${text(data.company) ?? fullName(data)} registered ${count}. Send them the confirmation with the ` +
          'joining details; reply to this e-mail to write to their contact.',
      },
      { kind: 'fields', rows: sessionRows },
      { kind: 'list', heading: 'Participants:', items: people },
      { kind: 'fields', rows: allRows('training-registration', data) },
    ],
  };
  return { acknowledgement, staff };
}

/** The acknowledgement to the visitor and the notification to staff of one form submission. */
export function formMails(
  form: MailForm,
  data: Record<string, unknown>,
  details: FormMailDetails,
  siteUrl: string,
): { acknowledgement: MailContent; staff: MailContent } {
  const letters =
    form === 'contact'
      ? contactMails(data, siteUrl)
      : form === 'construction-starts'
        ? constructionStartsMails(data, siteUrl)
        : form === 'application'
          ? applicationMails(data, details, siteUrl)
          : trainingMails(data, details, siteUrl);
  return { acknowledgement: render(letters.acknowledgement), staff: render(letters.staff) };
}

// ---- rendering ----------------------------------------------------------------------------------------------

const withHeading = (heading: string | undefined, body: string) => (heading ? `${heading}\n${body}` : body);

function textBlock(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'fields':
      return withHeading(
        block.heading,
        block.rows
          .map(([label, value]) =>
            value.includes('\n') ? `${label}:\n${value.replace(/^/gm, '  ')}` : `${label}: ${value}`,
          )
          .join('\n'),
      );
    case 'list':
      return withHeading(block.heading, block.items.map((item) => `- ${item}`).join('\n'));
    case 'link':
      return `${block.text}\n${block.url}`;
  }
}

const P = 'margin:0 0 16px';
const htmlHeading = (heading: string | undefined) =>
  heading ? `<p style="margin:0 0 8px">${escapeHtml(heading)}</p>` : '';

function htmlBlock(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="${P}">${escapeHtml(block.text)}</p>`;
    case 'fields':
      return (
        htmlHeading(block.heading) +
        `<table role="presentation" cellpadding="0" cellspacing="0" style="${P};border-collapse:collapse">` +
        block.rows
          .map(
            ([label, value]) =>
              '<tr><th align="left" valign="top" style="padding:4px 16px 4px 0;white-space:nowrap">' +
              `${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
          )
          .join('') +
        '</table>'
      );
    case 'list':
      return (
        htmlHeading(block.heading) +
        `<ul style="${P};padding-left:20px">${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
      );
    case 'link':
      return (
        `<p style="${P}">${escapeHtml(block.text)}<br>` +
        `<a href="${escapeHtml(block.url)}" style="color:#0b5394">${escapeHtml(block.url)}</a></p>`
      );
  }
}

export function render(letter: Letter): MailContent {
  // Empty blocks (a form whose optional fields were all left blank) would leave gaps in both renderings.
  const blocks = letter.blocks.filter(
    (block) =>
      (block.kind !== 'fields' || block.rows.length > 0) && (block.kind !== 'list' || block.items.length > 0),
  );
  const text = [
    ...(letter.greeting ? [letter.greeting] : []),
    ...blocks.map(textBlock),
    ...(letter.signature ? [letter.signature.join('\n')] : []),
  ].join('\n\n');
  const body = [
    ...(letter.greeting ? [`<p style="${P}">${escapeHtml(letter.greeting)}</p>`] : []),
    ...blocks.map(htmlBlock),
    ...(letter.signature ? [`<p style="${P}">${letter.signature.map(escapeHtml).join('<br>')}</p>`] : []),
  ].join('\n');
  const html =
    '<!doctype html>\n<html lang="en-GB">\n<head><meta charset="utf-8">' +
    `<title>${escapeHtml(letter.subject)}</title></head>\n` +
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;' +
    'line-height:1.5;color:#1d1d1b">\n' +
    `<div style="max-width:600px">\n${body}\n</div>\n</body>\n</html>\n`;
  return { subject: letter.subject, text: `${text}\n`, html };
}

// ---- order confirmation -------------------------------------------------------------------------------------

/** What the order confirmation shows: the order as it was placed (amounts in pence). */
export interface OrderMailDetails {
  number: string;
  audience: Audience;
  /** ISO date-time it was placed. */
  placedAt: string;
  /** Who the order is for ("Alex Morgan"). */
  name: string;
  lines: { name: string; variantLabel: string; quantity: number; totalInc: number; free: boolean }[];
  subtotalInc: number;
  discountInc: number;
  discountCode: string | null;
  shippingInc: number;
  totalInc: number;
  totalVat: number;
  /** Trade orders also show the total ex VAT. */
  totalEx: number;
  delivery:
    | { method: 'delivery'; carrier: string; address: string[] }
    | { method: 'collect'; stockist: string; address: string[]; phone: string };
  paymentMethod: string;
  poNumber: string | null;
  /** On account: the ISO date-time the invoice falls due (absent or null for an order paid at once). */
  paymentDueAt?: string | null;
}

/** "12,50 £" (spec §5); the e-mail never shows more than pence. */
function pounds(pence: number): string {
  return formatPrice(pence);
}

/** The confirmation sent to the buyer once an order is paid: what was bought, the totals, delivery, what next. */
export function orderConfirmationMail(order: OrderMailDetails, siteUrl: string): MailContent {
  const lines = order.lines.map(
    (line) =>
      `${line.quantity} × ${line.name} (${line.variantLabel})${line.free ? ': free' : `: ${pounds(line.totalInc)}`}`,
  );
  const totals: Field[] = [
    ['Items', pounds(order.subtotalInc)],
    ...(order.discountInc > 0
      ? [
          [
            `Discount${order.discountCode ? ` (${order.discountCode})` : ''}`,
            `-${pounds(order.discountInc)}`,
          ] as Field,
        ]
      : []),
    ['Delivery', order.shippingInc === 0 ? 'Free' : pounds(order.shippingInc)],
    [order.paymentDueAt ? 'Total to pay (inc VAT)' : 'Total paid (inc VAT)', pounds(order.totalInc)],
    ...(order.audience === 'pro' ? [['Total ex VAT', pounds(order.totalEx)] as Field] : []),
    ['of which VAT', pounds(order.totalVat)],
  ];
  const delivery: Block =
    order.delivery.method === 'delivery'
      ? {
          kind: 'fields',
          heading: 'Delivery:',
          rows: [
            ['Method', order.delivery.carrier],
            ['Address', order.delivery.address.join('\n')],
          ],
        }
      : {
          kind: 'fields',
          heading: 'Collection:',
          rows: [
            ['Stockist', order.delivery.stockist],
            ['Address', order.delivery.address.join('\n')],
            ['Phone', order.delivery.phone],
          ],
        };
  const next =
    order.delivery.method === 'delivery'
      ? order.audience === 'pro'
        ? 'Orders placed by 2pm on a working day are delivered the next working day. We will e-mail you when it leaves our works.'
        : 'We will e-mail you when your order leaves our works, with its tracking details.'
      : `We will e-mail you when your order is ready to collect at ${order.delivery.stockist}. Bring this order number with you.`;
  const letter: Letter = {
    subject: `Your Plasterwick order ${order.number}`,
    greeting: order.name ? `Dear ${order.name},` : 'Hello,',
    blocks: [
      {
        kind: 'paragraph',
        text: order.paymentDueAt
          ? `Thank you for your order, placed on your trade account. Our invoice of ${pounds(order.totalInc)} ` +
            `is due by ${longDate(order.paymentDueAt)}.`
          : 'Thank you for your order. We have received your payment.',
      },
      {
        kind: 'fields',
        rows: [
          ['Order number', order.number],
          ['Date', longDate(order.placedAt)],
          ['Payment', order.paymentMethod],
          ...(order.poNumber ? [['Your reference (PO)', order.poNumber] as Field] : []),
          ...(order.paymentDueAt ? [['Payment due', longDate(order.paymentDueAt)] as Field] : []),
        ],
      },
      { kind: 'list', heading: 'Your order:', items: lines },
      { kind: 'fields', rows: totals },
      delivery,
      { kind: 'paragraph', text: next },
      {
        kind: 'link',
        text: `A question about your order? Contact us (${CUSTOMER_SERVICE_HOURS}) with your order number:`,
        url: pageUrl(siteUrl, { audience: order.audience }, 'contact'),
      },
    ],
    signature: ['Kind regards,', 'Plasterwick customer service'],
  };
  return render(letter);
}
