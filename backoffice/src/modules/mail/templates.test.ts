/**
 * The form e-mails: escaping, what each acknowledgement promises (and that it repeats nothing the visitor typed
 * freely), the greeting's name, and what the staff notifications carry.
 */
import { describe, expect, test } from 'vitest';
import { formMails, greetingOf, longDate, orderConfirmationMail } from './templates.ts';

const SITE = 'https://www.plasterwick.co.uk';

const contact = {
  civility: 'ms',
  first_name: 'Alex',
  last_name: 'Morgan',
  email: 'alex.morgan@example.co.uk',
  phone: '0161 496 0000',
  subject: 'Stock <b>question</b>',
  message: 'Hello <script>alert("x")</script> & goodbye\nSecond line',
  accept_terms: true,
  audience: 'pro',
  bot_check: 'token-that-must-not-show',
  website: '',
};

describe('contact', () => {
  const { acknowledgement, staff } = formMails('contact', contact, {}, SITE);

  test('visitor text is escaped in the staff HTML, never rendered, and never reaches the acknowledgement', () => {
    expect(staff.html).not.toContain('<script>');
    expect(staff.html).not.toContain('<b>');
    expect(staff.html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; goodbye');
    // Plain text carries it as written: nothing interprets it there.
    expect(staff.text).toContain('Hello <script>alert("x")</script> & goodbye');
    expect(staff.html).toContain('<title>Contact form: Stock &lt;b&gt;question&lt;/b&gt;</title>');
    for (const typed of ['Hello', 'alert', 'Stock', 'question', '0161 496 0000']) {
      expect(acknowledgement.text).not.toContain(typed);
      expect(acknowledgement.html).not.toContain(typed);
    }
  });

  test('the acknowledgement: a reply within one working day, the hours, the contact page', () => {
    expect(acknowledgement.subject).toBe('We have received your message');
    expect(acknowledgement.text).toMatch(/^Dear Ms Morgan,\n/);
    expect(acknowledgement.text).toContain('reply to this address within one working day');
    expect(acknowledgement.text).toContain('9am to 5pm, Monday to Friday');
    expect(acknowledgement.text).toContain(`${SITE}/professional-filler/contact`);
    expect(acknowledgement.html).toContain(`<a href="${SITE}/professional-filler/contact"`);
    expect(acknowledgement.text).not.toContain('Terms accepted');
    expect(acknowledgement.text + staff.text).not.toContain('token-that-must-not-show');
  });

  test('the staff message lists every field', () => {
    expect(staff.subject).toBe('Contact form: Stock <b>question</b>');
    for (const line of [
      'Title: Ms',
      'First name: Alex',
      'Last name: Morgan',
      'Email: alex.morgan@example.co.uk',
      'Phone: 0161 496 0000',
      'Audience: Trade',
      'Terms accepted: Yes',
    ]) {
      expect(staff.text).toContain(line);
    }
    const extra = formMails('contact', { ...contact, newsletter: false }, {}, SITE).staff;
    expect(extra.text).toContain('newsletter: No');
  });

  test('links go to the audience of the form', () => {
    const diy = formMails('contact', { ...contact, audience: 'part' }, {}, SITE).acknowledgement;
    expect(diy.text).toContain(`${SITE}/diy-filler/contact`);
  });
});

describe('jobsite support', () => {
  const request = {
    first_name: 'Sam',
    last_name: 'Patel',
    email: 'sam@example.co.uk',
    phone: '07700 900123',
    company: 'Patel Build Ltd',
    site_postcode: 'M1 1AE',
    site_town: 'Manchester',
    start_date: '2027-03-01',
    duration_weeks: 6,
    surface: 'brick-block',
    surface_m2: 250,
    message: 'Skimming a refurbished mill.',
    audience: 'pro',
  };
  const { acknowledgement, staff } = formMails('construction-starts', request, {}, SITE);

  test('handled within 48 hours, a technical adviser calls; only the surface chosen is repeated', () => {
    expect(acknowledgement.subject).toBe('We have received your jobsite support request');
    expect(acknowledgement.text).toContain(
      'Your request will be handled within 48 hours: a technical adviser will call you on the number you gave us',
    );
    expect(acknowledgement.text).toContain('Surface: Brick or block');
    expect(acknowledgement.text).toContain(`${SITE}/professional-filler/jobsite-support`);
    for (const typed of ['07700 900123', 'Patel Build', 'Manchester', 'M1 1AE', 'mill', '250']) {
      expect(acknowledgement.text).not.toContain(typed);
    }
  });

  test('values read as words for staff', () => {
    for (const line of [
      'Works start: Monday 1 March 2027',
      'Expected duration: 6 weeks',
      'Surface: Brick or block',
      'Area: 250 m²',
      'Project description: Skimming a refurbished mill.',
    ]) {
      expect(staff.text).toContain(line);
    }
    expect(staff.subject).toBe('Jobsite support request: Patel Build Ltd, Manchester');
  });
});

describe('training registration', () => {
  const registration = {
    session_id: 7,
    company: 'Northern Drylining Ltd',
    company_number: '01234567',
    contact_name: 'Jo Bloggs',
    email: 'jo@example.co.uk',
    phone: '0113 496 0000',
    participants: [
      { first_name: 'Jane', last_name: 'Doe', function: 'Site manager' },
      { first_name: 'Raj', last_name: 'Singh', function: 'Plasterer', email: 'raj@example.co.uk' },
      { first_name: 'Tom', last_name: '<Evans>', function: 'Apprentice' },
    ],
    audience: 'pro',
  };
  const session = {
    title: 'Fillers and finishes: a practical day',
    location: 'Plasterwick Academy, Leeds',
    starts_on: '2027-01-12T09:00:00.000Z',
  };
  const { acknowledgement, staff } = formMails('training-registration', registration, { session }, SITE);

  test('the session, its date, its place, how many and what follows; no name or address typed', () => {
    expect(acknowledgement.text).toMatch(/^Dear Jo Bloggs,\n/);
    expect(acknowledgement.text).toContain(
      'Thank you for registering 3 participants for Fillers and finishes: a practical day.',
    );
    expect(acknowledgement.text).toContain('Date: Tuesday 12 January 2027');
    expect(acknowledgement.text).toContain('Location: Plasterwick Academy, Leeds');
    expect(acknowledgement.text).toContain('A confirmation with the joining details');
    expect(acknowledgement.text).toContain(`${SITE}/professional-filler/training`);
    for (const typed of [
      'Jane',
      'Raj',
      'raj@example.co.uk',
      'Evans',
      'Northern Drylining',
      '0113 496 0000',
    ]) {
      expect(acknowledgement.text).not.toContain(typed);
    }
  });

  test('staff see the session, the participants and the company', () => {
    expect(staff.subject).toBe(
      'Training registration: Fillers and finishes: a practical day, Northern Drylining Ltd',
    );
    expect(staff.text).toContain('Session id: 7');
    expect(staff.text).toContain('Company number: 01234567');
    expect(staff.text).toContain('- Jane Doe, Site manager');
  });
});

describe('job application', () => {
  const application = {
    page_id: 12,
    first_name: 'Chris',
    last_name: 'Lee',
    email: 'chris@example.co.uk',
    phone: '07700 900456',
    message: 'I have ten years on site.',
    accept_terms: true,
    audience: 'pro',
  };

  test('a vacancy: its title, the CV, what happens next', () => {
    const { acknowledgement, staff } = formMails(
      'application',
      application,
      { vacancyTitle: 'Technical adviser (North West)', cvFileName: 'chris-lee-cv.pdf' },
      SITE,
    );
    expect(acknowledgement.text).toContain(
      'Thank you for applying for the position of Technical adviser (North West)',
    );
    expect(acknowledgement.text).toContain('We have your CV and your details.');
    expect(acknowledgement.text).toContain('we will contact you by e-mail or phone to arrange an interview');
    for (const typed of ['chris-lee-cv.pdf', 'ten years', '07700 900456']) {
      expect(acknowledgement.text).not.toContain(typed);
    }
    expect(staff.text).toContain('Cover letter: I have ten years on site.');
    expect(acknowledgement.text).toContain(`${SITE}/professional-filler/careers`);
    expect(staff.subject).toBe('Job application: Technical adviser (North West) – Chris Lee');
    expect(staff.text).toContain('CV: chris-lee-cv.pdf');
    expect(staff.text).toContain('Job page id: 12');
  });

  test('a spontaneous application', () => {
    const { page_id: _, ...spontaneous } = application;
    const { acknowledgement, staff } = formMails('application', spontaneous, { cvFileName: 'cv.docx' }, SITE);
    expect(acknowledgement.text).toContain('Thank you for your spontaneous application');
    expect(acknowledgement.text).toContain('Position: Spontaneous application');
    expect(staff.subject).toBe('Job application: spontaneous application – Chris Lee');
  });
});

test('a greeting repeats a name of at most 40 characters that reads as a name, else says hello', () => {
  expect(greetingOf('Ms Morgan')).toBe('Dear Ms Morgan,');
  expect(greetingOf('  Zoë  O’Brien-Smith ')).toBe('Dear Zoë O’Brien-Smith,');
  expect(greetingOf("Zoë O'Brien-Smith")).toBe("Dear Zoë O'Brien-Smith,");
  expect(greetingOf('J. R. Hartley')).toBe('Dear J. R. Hartley,');
  expect(greetingOf('A'.repeat(40))).toBe(`Dear ${'A'.repeat(40)},`);
  expect(greetingOf('A'.repeat(41))).toBe('Hello,');
  expect(greetingOf('Click https://evil.example/login')).toBe('Hello,');
  expect(greetingOf('Visit evil.example/x')).toBe('Hello,');
  expect(greetingOf('call 0800 000 000')).toBe('Hello,');
  expect(greetingOf('')).toBe('Hello,');
  expect(greetingOf(undefined)).toBe('Hello,');
});

test('dates read the UK way, on the London calendar', () => {
  expect(longDate('2027-01-12')).toBe('Tuesday 12 January 2027');
  // 23:30 UTC on 30 June is already 1 July in London (BST).
  expect(longDate('2027-06-30T23:30:00.000Z')).toBe('Thursday 1 July 2027');
});

describe('order confirmation', () => {
  const order = {
    number: 'PW-000123',
    audience: 'part' as const,
    placedAt: '2027-03-01T09:00:00Z',
    name: 'Alex <b>Morgan</b>',
    lines: [
      { name: 'Multi-Fill® Powder', variantLabel: '5 kg bag', quantity: 2, totalInc: 3454, free: false },
      { name: 'Filling Knife', variantLabel: '50 mm', quantity: 1, totalInc: 0, free: true },
    ],
    subtotalInc: 3454,
    discountInc: 345,
    discountCode: 'WELCOME10',
    shippingInc: 495,
    totalInc: 3604,
    totalVat: 601,
    totalEx: 3003,
    delivery: {
      method: 'delivery' as const,
      carrier: 'Standard delivery',
      address: ['Alex Morgan', '1 Mill Lane <i>'],
    },
    paymentMethod: 'Card',
    poNumber: null,
    paymentDueAt: null,
  };
  const mail = orderConfirmationMail(order, SITE);

  test('lists what was bought, the totals in the spec’s price format, delivery and what happens next', () => {
    expect(mail.subject).toBe('Your Plasterwick order PW-000123');
    expect(mail.text).toMatch(/^Dear Alex <b>Morgan<\/b>,\n/);
    expect(mail.text).toContain('Order number: PW-000123');
    expect(mail.text).toContain('Date: Monday 1 March 2027');
    expect(mail.text).toContain('- 2 × Multi-Fill® Powder (5 kg bag): 34,54 £');
    expect(mail.text).toContain('- 1 × Filling Knife (50 mm): free');
    expect(mail.text).toContain('Discount (WELCOME10): -3,45 £');
    expect(mail.text).toContain('Delivery: 4,95 £');
    expect(mail.text).toContain('Total paid (inc VAT): 36,04 £');
    expect(mail.text).toContain('of which VAT: 6,01 £');
    expect(mail.text).not.toContain('Total ex VAT');
    expect(mail.text).toContain('We will e-mail you when your order leaves our works');
    expect(mail.text).toContain(`${SITE}/diy-filler/contact`);
  });

  test('every value is escaped in HTML', () => {
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).not.toContain('<i>');
    expect(mail.html).toContain('Dear Alex &lt;b&gt;Morgan&lt;/b&gt;,');
  });

  test('collection and trade orders say so', () => {
    const trade = orderConfirmationMail(
      {
        ...order,
        audience: 'pro',
        poNumber: 'SITE-12',
        delivery: {
          method: 'collect',
          stockist: 'Leeds Builders',
          address: ['1 Road', 'Leeds', 'LS1 1AA'],
          phone: '0113 496 0000',
        },
      },
      SITE,
    );
    expect(trade.text).toContain('Total ex VAT: 30,03 £');
    expect(trade.text).toContain('Your reference (PO): SITE-12');
    expect(trade.text).toContain('ready to collect at Leeds Builders');
    expect(trade.text).toContain(`${SITE}/professional-filler/contact`);
  });

  test('an order on account names the amount to pay, its due date and the PO, not a payment received', () => {
    const onAccount = orderConfirmationMail(
      {
        ...order,
        audience: 'pro',
        paymentMethod: 'On account',
        poNumber: 'PO-881',
        paymentDueAt: '2027-03-31T09:00:00Z',
      },
      SITE,
    );
    expect(onAccount.text).toContain('Our invoice of 36,04 £ is due by Wednesday 31 March 2027.');
    expect(onAccount.text).toContain('Payment: On account');
    expect(onAccount.text).toContain('Your reference (PO): PO-881');
    expect(onAccount.text).toContain('Payment due: Wednesday 31 March 2027');
    expect(onAccount.text).toContain('Total to pay (inc VAT): 36,04 £');
    expect(onAccount.text).not.toContain('received your payment');
  });
});
