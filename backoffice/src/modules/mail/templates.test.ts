/** The form e-mails: escaping, what each acknowledgement promises, and the details they carry. */
import { describe, expect, test } from 'vitest';
import { formMails, longDate } from './templates.ts';

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

  test('visitor text is escaped in HTML, never rendered', () => {
    for (const mail of [acknowledgement, staff]) {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<b>');
      expect(mail.html).toContain('Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; goodbye');
      // Plain text carries it as written: nothing interprets it there.
      expect(mail.text).toContain('Hello <script>alert("x")</script> & goodbye');
    }
    expect(staff.html).toContain('<title>Contact form: Stock &lt;b&gt;question&lt;/b&gt;</title>');
  });

  test('the acknowledgement: a reply within one working day, the hours, what was sent, the contact page', () => {
    expect(acknowledgement.subject).toBe('We have received your message');
    expect(acknowledgement.text).toMatch(/^Dear Ms Morgan,\n/);
    expect(acknowledgement.text).toContain('reply within one working day');
    expect(acknowledgement.text).toContain('9am to 5pm, Monday to Friday');
    expect(acknowledgement.text).toContain('Subject: Stock <b>question</b>');
    expect(acknowledgement.text).toContain('Message:\n  Hello');
    expect(acknowledgement.text).toContain('\n  Second line');
    expect(acknowledgement.text).toContain(`${SITE}/professional-filler/contact`);
    expect(acknowledgement.html).toContain(`<a href="${SITE}/professional-filler/contact"`);
    // The visitor's own fields only; and never the bot-check token.
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

  test('handled within 48 hours, and a technical adviser calls', () => {
    expect(acknowledgement.subject).toBe('We have received your jobsite support request');
    expect(acknowledgement.text).toContain(
      'Your request will be handled within 48 hours: a technical adviser will call you on 07700 900123',
    );
    expect(acknowledgement.text).toContain(`${SITE}/professional-filler/jobsite-support`);
  });

  test('values read as words', () => {
    for (const line of [
      'Works start: Monday 1 March 2027',
      'Expected duration: 6 weeks',
      'Surface: Brick or block',
      'Area: 250 m²',
    ]) {
      expect(acknowledgement.text).toContain(line);
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

  test('the session, its date, its place, the participants and what follows', () => {
    expect(acknowledgement.text).toMatch(/^Dear Jo Bloggs,\n/);
    expect(acknowledgement.text).toContain(
      'Thank you for registering 3 participants for Fillers and finishes: a practical day.',
    );
    expect(acknowledgement.text).toContain('Date: Tuesday 12 January 2027');
    expect(acknowledgement.text).toContain('Location: Plasterwick Academy, Leeds');
    expect(acknowledgement.text).toContain('- Jane Doe, Site manager\n');
    expect(acknowledgement.text).toContain('- Raj Singh, Plasterer (raj@example.co.uk)\n');
    expect(acknowledgement.html).toContain('<li>Tom &lt;Evans&gt;, Apprentice</li>');
    expect(acknowledgement.text).toContain('A confirmation with the joining details');
    expect(acknowledgement.text).toContain(`${SITE}/professional-filler/training`);
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
    expect(acknowledgement.text).toContain('We have your CV (chris-lee-cv.pdf)');
    expect(acknowledgement.text).toContain('we will contact you by e-mail or phone to arrange an interview');
    expect(acknowledgement.text).toContain('Cover letter: I have ten years on site.');
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

test('dates read the UK way, on the London calendar', () => {
  expect(longDate('2027-01-12')).toBe('Tuesday 12 January 2027');
  // 23:30 UTC on 30 June is already 1 July in London (BST).
  expect(longDate('2027-06-30T23:30:00.000Z')).toBe('Thursday 1 July 2027');
});
