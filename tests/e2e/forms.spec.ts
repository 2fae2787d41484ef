/**
 * The four public forms (issue 9) on the production build, in both projects (desktop and phone): contact (both
 * audiences), jobsite support, training registration and job application. For each: sent empty, the spec's
 * messages under the fields; a bad e-mail and phone, their messages; fixed and sent (the bot check solved for real
 * by the back-office's default adapter), the confirmation panel and the "Changes saved" toast; a failure keeps
 * what was typed. The CV goes up from a real file; a PNG renamed .pdf and a file over 5 MB are refused. Without
 * JavaScript the pages give the phone number and an e-mail address instead of the form. On desktop, the JavaScript
 * a form page loads before and after its first focus is measured (no React, zod or ALTCHA before).
 * Run: npx playwright test tests/e2e/forms.spec.ts
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { participantsMessages } from '@plasterwick/shop-rules/forms';
import { CV_MAX_BYTES } from '@plasterwick/shop-rules/files';
import { MESSAGES } from '@plasterwick/shop-rules/validation';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousA11yIssues } from './support/axe.ts';
import { e2e } from './support/harness.ts';
import { mailsTo, staffMailsAbout } from './support/mail.ts';

const SEGMENT = { pro: 'professional-filler', part: 'diy-filler' } as const;
/** The bot check is solved for real (proof of work): the answer can take a few seconds on a busy machine. */
const SENT = { timeout: 20_000 };

// ---- helpers ---------------------------------------------------------------------------------------------------

/** A recipient of its own per test and project, so each test can find its acknowledgement e-mail. */
function mailbox(form: string, testInfo: TestInfo): string {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return `${form}-${testInfo.project.name}-${unique}@example.co.uk`;
}

function formNamed(page: Page, name: string): Locator {
  return page.getByRole('form', { name });
}

function toast(page: Page, role: 'status' | 'alert', text: string): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByRole(role).filter({ hasText: text });
}

/** A field shows `message` as its error (Field.astro: aria-invalid and the error in its description). */
async function expectError(control: Locator, message: string | RegExp): Promise<void> {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(
    typeof message === 'string' ? new RegExp(escape(message)) : message,
  );
}

async function expectNoError(control: Locator): Promise<void> {
  await expect(control).not.toHaveAttribute('aria-invalid', 'true');
}

/** "3 March 2030", as the training page writes dates. */
function courseDate(iso: string): string {
  const format = { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' } as const;
  return new Intl.DateTimeFormat('en-GB', format).format(new Date(iso));
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A small real PDF and a PNG named .pdf, written for this run. */
function cvFiles(): { pdf: string; fakePdf: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plasterwick-cv-'));
  const pdf = path.join(dir, 'ann-lee-cv.pdf');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  writeFileSync(pdf, body);
  const fakePdf = path.join(dir, 'photo.pdf');
  // The PNG signature and the start of an IHDR chunk.
  writeFileSync(fakePdf, Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'));
  return { pdf, fakePdf };
}

interface Session {
  id: number;
  title: string;
  starts_on: string;
  places_left: number;
  registration_open: boolean;
}

async function trainingSessions(): Promise<Session[]> {
  const response = await fetch(`${e2e.backofficeURL}/api/v1/training-session?site_id=3`);
  return ((await response.json()) as { data: { items: Session[] } }).data.items;
}

// ---- contact ---------------------------------------------------------------------------------------------------

for (const audience of ['pro', 'part'] as const) {
  const page_ = `/${SEGMENT[audience]}/contact`;

  test.describe(`${audience} contact form`, () => {
    test('sent empty, bad e-mail and phone, then fixed: confirmation and "Changes saved"', async ({
      page,
    }, testInfo) => {
      await page.goto(page_);
      const form = formNamed(page, 'Send us a message');
      const company = form.getByLabel('Company', { exact: true });
      if (audience === 'pro') await expect(company).toBeVisible();
      else await expect(company).toHaveCount(0);

      await form.getByRole('button', { name: 'Send my message' }).click();
      await expectError(form.getByLabel('First name'), MESSAGES.firstName);
      await expectError(form.getByLabel('Last name'), MESSAGES.lastName);
      await expectError(form.getByLabel('Email address'), 'Field required: Email address');
      await expectError(form.getByLabel('Subject'), 'Field required: Subject');
      await expectError(form.getByLabel('Your message'), 'Field required: Your message');
      await expectError(
        form.getByRole('checkbox', { name: 'I have read the privacy notice' }),
        MESSAGES.acceptTerms,
      );
      await expectNoError(form.getByLabel('Phone number'));
      await expect(form.getByLabel('First name')).toBeFocused();
      await expectNoSeriousA11yIssues(page, 'main');

      await form.getByLabel('First name').fill('Ann');
      await form.getByLabel('Last name').fill('Lee');
      // Leaving a touched field checks it.
      await form.getByLabel('Email address').fill('ann@');
      await form.getByLabel('Email address').press('Tab');
      await expectError(form.getByLabel('Email address'), MESSAGES.email);
      await form.getByLabel('Phone number').fill('12345');
      await form.getByLabel('Phone number').press('Tab');
      await expectError(form.getByLabel('Phone number'), MESSAGES.phone);
      if (audience === 'pro') {
        await company.fill('Lee Plastering Ltd');
        await form.getByLabel('Company registration number').fill('12345678901234');
      }
      await form.getByLabel('Subject').fill('Filling a ceiling crack');
      await form
        .getByLabel('Your message')
        .fill('Which filler do you recommend for a ceiling crack of 5 mm?');
      await form.getByRole('button', { name: 'Send my message' }).click();
      await expectError(form.getByLabel('Email address'), MESSAGES.email);
      if (audience === 'pro')
        await expectError(form.getByLabel('Company registration number'), MESSAGES.companyNumber);

      // A field in error is checked again as it is corrected.
      const address = mailbox('contact', testInfo);
      await form.getByLabel('Email address').fill(address);
      await expectNoError(form.getByLabel('Email address'));
      await form.getByLabel('Phone number').fill('0161 496 0000 ext 123');
      await expectNoError(form.getByLabel('Phone number'));
      if (audience === 'pro') await form.getByLabel('Company registration number').fill('73282932000074');
      await form.getByRole('checkbox', { name: 'I have read the privacy notice' }).check();
      await form.getByRole('button', { name: 'Send my message' }).click();

      await expect(page.getByRole('heading', { name: 'Thank you, your message has been sent' })).toBeVisible(
        SENT,
      );
      await expect(
        page.getByText(/We reply within one working day, 9am to 5pm, Monday to Friday/),
      ).toBeVisible();
      await expect(toast(page, 'status', 'Changes saved')).toBeVisible();
      await expect(form).toBeHidden();

      // The acknowledgement reached the visitor, and the notification reached staff with Reply-To the visitor;
      // only staff read what was typed (an acknowledgement goes to any address typed).
      const [acknowledgement] = await mailsTo(address);
      expect(acknowledgement?.subject).toBe('We have received your message');
      expect(acknowledgement?.text).toContain('reply to this address within one working day');
      expect(acknowledgement?.text).not.toContain('Filling a ceiling crack');
      const [staff] = await staffMailsAbout(address);
      expect(staff?.subject).toBe('Contact form: Filling a ceiling crack');
    });

    test('a server failure keeps what was typed; the button says "Sending…" meanwhile', async ({ page }) => {
      let answer: () => void = () => {};
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/api/v1/contact?**', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        await answered;
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ status: 'internal_error', message: 'Internal Server Error' }),
        });
      });
      await page.goto(page_);
      const form = formNamed(page, 'Send us a message');
      const typed = {
        'First name': 'Ann',
        'Last name': 'Lee',
        'Email address': 'ann.lee@example.co.uk',
        Subject: 'Stockists in Leeds',
        'Your message': 'Where can I buy your fine surface filler in Leeds?',
      };
      for (const [label, value] of Object.entries(typed)) await form.getByLabel(label).fill(value);
      await form.getByRole('checkbox', { name: 'I have read the privacy notice' }).check();
      await form.getByRole('button', { name: 'Send my message' }).click();
      await expect(form.getByRole('button', { name: 'Sending…' })).toBeDisabled(SENT);
      answer();

      await expect(toast(page, 'alert', 'An unknown error has occurred')).toBeVisible(SENT);
      await expect(form.getByRole('alert')).toContainText('What you typed is still here');
      for (const [label, value] of Object.entries(typed))
        await expect(form.getByLabel(label)).toHaveValue(value);
      await expect(form.getByRole('checkbox', { name: 'I have read the privacy notice' })).toBeChecked();
      await expect(form.getByRole('button', { name: 'Send my message' })).toBeEnabled();
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact page gives the phone number and an e-mail address instead of the form', async ({
    page,
  }) => {
    await page.goto('/professional-filler/contact');
    // Role and text locators do not look inside <noscript>: its markup is read as it is.
    const fallback = page.getByRole('region', { name: 'Send us a message' }).locator('noscript');
    const html = await fallback.innerHTML();
    expect(html).toContain('This form needs JavaScript');
    expect(html).toMatch(/<a href="tel:\+?\d+">\s*call [\d ]+, 9am to 5pm, Monday to Friday\s*<\/a>/);
    expect(html).toMatch(/<a href="mailto:[^"@]+@[^"]+">\s*or e-mail [^<]+@[^<]+<\/a>/);
    await expect(page.getByRole('form', { name: 'Send us a message' })).toBeHidden();
  });
});

// ---- jobsite support -------------------------------------------------------------------------------------------

test.describe('jobsite support form', () => {
  test('sent empty, bad values, then fixed: confirmation with the 48-hour promise', async ({
    page,
  }, testInfo) => {
    await page.goto('/professional-filler/jobsite-support');
    await expect(
      page
        .locator('main')
        .getByText(/handled within 48 hours/)
        .first(),
    ).toBeVisible();
    const form = formNamed(page, 'Ask for jobsite support');
    const period = form.getByRole('group', { name: 'Works period' });
    const send = form.getByRole('button', { name: 'Send my request' });

    await send.click();
    await expectError(form.getByLabel('Company name'), MESSAGES.companyName);
    await expectError(form.getByLabel('First name'), MESSAGES.firstName);
    await expectError(form.getByLabel('Email address'), 'Field required: Email address');
    await expectError(form.getByLabel('Phone number'), 'Field required: Phone number');
    await expectError(form.getByLabel('Site postcode'), 'Field required: Site postcode');
    await expectError(form.getByLabel('Town or city'), MESSAGES.city);
    await expectError(period, MESSAGES.period);
    await expectError(form.getByLabel('Surface to treat'), 'Field required: Surface to treat');
    await expectError(form.getByLabel('Describe the job'), 'Field required: Describe the job');
    await expectNoSeriousA11yIssues(page, 'main');

    await form.getByLabel('Company name').fill('North West Drylining Ltd');
    await form.getByLabel('First name').fill('Sam');
    await form.getByLabel('Last name').fill('Patel');
    await form.getByLabel('Email address').fill('sam@');
    await form.getByLabel('Phone number').fill('0161');
    await form.getByLabel('Site postcode').fill('NOT A POSTCODE');
    await form.getByLabel('Town or city').fill('Manchester');
    await period.getByLabel('Start date').fill('2030-04-01');
    await period.getByLabel('Expected duration in weeks').fill('0');
    await form.getByLabel('Surface to treat').selectOption({ label: 'Plasterboard' });
    await form.getByLabel('Describe the job').fill('Taped joints on 40 flats, two coats, a tight deadline.');
    await send.click();
    await expectError(form.getByLabel('Email address'), MESSAGES.email);
    await expectError(form.getByLabel('Phone number'), MESSAGES.phone);
    await expectError(form.getByLabel('Site postcode'), MESSAGES.postcode);
    await expectError(period, MESSAGES.period);

    const address = mailbox('jobsite', testInfo);
    await form.getByLabel('Email address').fill(address);
    await form.getByLabel('Phone number').fill('07700 900123');
    await form.getByLabel('Site postcode').fill('M4 6JD');
    await period.getByLabel('Expected duration in weeks').fill('6');
    await form.getByLabel('Approximate area in m²').fill('1200');
    await send.click();

    await expect(page.getByRole('heading', { name: 'Your request has been sent' })).toBeVisible(SENT);
    // Its heading takes the focus: no focus frame around the whole box (issue 30).
    await expect(page.getByRole('heading', { name: 'Your request has been sent' })).toBeFocused();
    await expect(page.getByText(/handles it within 48 hours/)).toBeVisible();
    await expect(toast(page, 'status', 'Changes saved')).toBeVisible();

    const [acknowledgement] = await mailsTo(address);
    expect(acknowledgement?.subject).toBe('We have received your jobsite support request');
    expect(acknowledgement?.text).toContain('48 hours');
    expect(await staffMailsAbout(address)).toHaveLength(1);
  });

  test('a bot check that cannot run says so above the form and keeps what was typed', async ({ page }) => {
    await page.route('**/api/v1/bot-check/**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'service_unavailable', message: 'Unavailable' }),
      }),
    );
    await page.goto('/diy-filler/jobsite-support');
    const form = formNamed(page, 'Ask for jobsite support');
    await form.getByLabel('Company name').fill('Patel Decorating');
    await form.getByLabel('First name').fill('Sam');
    await form.getByLabel('Last name').fill('Patel');
    await form.getByLabel('Email address').fill('sam.patel@example.co.uk');
    await form.getByLabel('Phone number').fill('07700 900123');
    await form.getByLabel('Site postcode').fill('LS1 4AP');
    await form.getByLabel('Town or city').fill('Leeds');
    await form.getByLabel('Start date').fill('2030-05-04');
    await form.getByLabel('Expected duration in weeks').fill('2');
    await form.getByLabel('Surface to treat').selectOption('render');
    await form.getByLabel('Describe the job').fill('Patching render on a terrace.');
    await form.getByRole('button', { name: 'Send my request' }).click();

    await expect(toast(page, 'alert', 'An unknown error has occurred')).toBeVisible(SENT);
    await expect(form.getByRole('alert')).toBeVisible();
    await expect(form.getByLabel('Describe the job')).toHaveValue('Patching render on a terrace.');
    await expect(form.getByLabel('Surface to treat')).toHaveValue('render');
    await expect(form.getByLabel('Start date')).toHaveValue('2030-05-04');
  });
});

// ---- training registration -------------------------------------------------------------------------------------

test.describe('training registration', () => {
  test('Register on an open course, the rows between 3 and 5, errors, then the confirmation', async ({
    page,
  }, testInfo) => {
    // The open course with the most places: earlier runs on a reused back-office have taken some.
    const open = (await trainingSessions()).filter((s) => s.registration_open && s.places_left >= 3);
    const course = open.sort((a, b) => b.places_left - a.places_left)[0];
    if (!course) throw new Error('the seed has no open training course with places');

    await page.goto('/diy-filler/training');
    await page
      .getByRole('link', { name: `Register for ${course.title} on ${courseDate(course.starts_on)}` })
      .click();
    await expect(page).toHaveURL(/\/diy-filler\/training\/register\?session=\d+$/);
    const chosen = Number(new URL(page.url()).searchParams.get('session'));
    const form = formNamed(page, 'Register your team');
    const select = form.getByRole('combobox', { name: 'Course' });
    await expect(select).toHaveValue(String(chosen));
    await expect(form.getByText(/\d+ places? left\.$/)).toBeVisible();

    // Rows: 3 to start with, Remove disabled; Add up to 5, then disabled.
    const rows = form.getByRole('group', { name: /^Participant \d$/ });
    const add = form.getByRole('button', { name: 'Add a participant' });
    await expect(rows).toHaveCount(3);
    for (const remove of await form.getByRole('button', { name: /^Remove participant/ }).all())
      await expect(remove).toBeDisabled();
    await form.getByRole('group', { name: 'Participant 3' }).getByLabel('First name').fill('Third');
    await add.click();
    await expect(form.getByRole('group', { name: 'Participant 4' }).getByLabel('First name')).toBeFocused();
    await form.getByRole('group', { name: 'Participant 4' }).getByLabel('First name').fill('Fourth');
    await add.click();
    await expect(rows).toHaveCount(5);
    await expect(add).toBeDisabled();
    // Removing the third renumbers the rows after it; what they hold moves with them.
    await form.getByRole('button', { name: 'Remove participant 3' }).click();
    await expect(rows).toHaveCount(4);
    await expect(add).toBeEnabled();
    await expect(form.getByRole('group', { name: 'Participant 3' }).getByLabel('First name')).toHaveValue(
      'Fourth',
    );
    await form.getByRole('button', { name: 'Remove participant 4' }).click();
    await expect(rows).toHaveCount(3);
    for (const remove of await form.getByRole('button', { name: /^Remove participant/ }).all())
      await expect(remove).toBeDisabled();

    await form.getByRole('button', { name: 'Register my team' }).click();
    await expectError(form.getByLabel('Company name'), MESSAGES.companyName);
    await expectError(
      form.getByLabel('Company registration number'),
      'Field required: Company registration number',
    );
    await expectError(form.getByLabel('Contact name'), 'Field required: Contact name');
    await expectError(
      form.getByRole('textbox', { name: 'Email address' }).first(),
      'Field required: Email address',
    );
    await expectError(form.getByLabel('Phone number'), 'Field required: Phone number');
    const first = form.getByRole('group', { name: 'Participant 1' });
    await expectError(first.getByLabel('First name'), MESSAGES.firstName);
    await expectError(first.getByLabel('Last name'), MESSAGES.lastName);
    await expectError(first.getByLabel('Function'), MESSAGES.function);
    await expectNoError(form.getByRole('group', { name: 'Participant 3' }).getByLabel('First name'));
    await expectNoSeriousA11yIssues(page, 'main');

    await form.getByLabel('Company name').fill('Patel Decorating');
    await form.getByLabel('Company registration number').fill('12345678901234');
    await form.getByLabel('Contact name').fill('Sam Patel');
    await form.getByRole('textbox', { name: 'Email address' }).first().fill('sam@');
    await form.getByLabel('Phone number').fill('12');
    for (const [index, name] of ['Ann', 'Bob', 'Cy'].entries()) {
      const row = form.getByRole('group', { name: `Participant ${index + 1}` });
      await row.getByLabel('First name').fill(name);
      await row.getByLabel('Last name').fill('Patel');
      await row.getByLabel('Function').fill('Decorator');
    }
    await form.getByRole('group', { name: 'Participant 2' }).getByLabel('Email address').fill('bob@');
    await form.getByRole('button', { name: 'Register my team' }).click();
    await expectError(form.getByLabel('Company registration number'), MESSAGES.companyNumber);
    await expectError(form.getByRole('textbox', { name: 'Email address' }).first(), MESSAGES.email);
    await expectError(form.getByLabel('Phone number'), MESSAGES.phone);
    await expectError(
      form.getByRole('group', { name: 'Participant 2' }).getByLabel('Email address'),
      MESSAGES.email,
    );

    const address = mailbox('training', testInfo);
    await form.getByLabel('Company registration number').fill('73282932000074');
    await form.getByRole('textbox', { name: 'Email address' }).first().fill(address);
    await form.getByLabel('Phone number').fill('0113 496 0000');
    await form.getByRole('group', { name: 'Participant 2' }).getByLabel('Email address').fill('');
    await form.getByRole('button', { name: 'Register my team' }).click();

    await expect(page.getByRole('heading', { name: 'Registration received' })).toBeVisible(SENT);
    await expect(page.getByText(`Your registration for ${course.title} on`)).toBeVisible();
    await expect(toast(page, 'status', 'Changes saved')).toBeVisible();

    const [acknowledgement] = await mailsTo(address);
    expect(acknowledgement?.subject).toBe('We have received your training registration');
    expect(acknowledgement?.text).toContain(course.title);
    expect(await staffMailsAbout(address)).toHaveLength(1);
  });

  test('a link to a closed course says so; no course can be chosen that is closed', async ({ page }) => {
    const closed = (await trainingSessions()).find((s) => !s.registration_open);
    if (!closed) throw new Error('the seed has no closed training course');
    await page.goto(`/professional-filler/training/register?session=${closed.id}`);
    const select = formNamed(page, 'Register your team').getByRole('combobox', { name: 'Course' });
    await expectError(select, 'Registration for this course is closed. Please choose another date.');
    await expect(select).toHaveValue('');
    await expect(select.locator(`option[value="${closed.id}"]`)).toBeDisabled();
  });

  test('the back-office refusing the team lands under the participants, nothing typed is lost', async ({
    page,
  }) => {
    await page.route('**/api/v1/training-registration?**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'not_enough_places',
          message: 'Only 2 places are left on this session',
          errors: [
            { field: 'body.participants', message: participantsMessages.max },
            { field: 'body.participants.1.function', message: MESSAGES.function },
          ],
        }),
      }),
    );
    const course = (await trainingSessions()).find((s) => s.registration_open && s.places_left >= 3);
    if (!course) throw new Error('the seed has no open training course with places');
    await page.goto(`/professional-filler/training/register?session=${course.id}`);
    const form = formNamed(page, 'Register your team');
    await form.getByLabel('Company name').fill('Patel Decorating');
    await form.getByLabel('Company registration number').fill('73282932000074');
    await form.getByLabel('Contact name').fill('Sam Patel');
    await form.getByRole('textbox', { name: 'Email address' }).first().fill('sam.patel@example.co.uk');
    await form.getByLabel('Phone number').fill('0113 496 0000');
    for (const index of [1, 2, 3]) {
      const row = form.getByRole('group', { name: `Participant ${index}` });
      await row.getByLabel('First name').fill(`Name${index}`);
      await row.getByLabel('Last name').fill('Patel');
      await row.getByLabel('Function').fill('Decorator');
    }
    await form.getByRole('button', { name: 'Register my team' }).click();

    await expectError(form.getByRole('group', { name: 'Participants' }), participantsMessages.max);
    await expectError(
      form.getByRole('group', { name: 'Participant 2' }).getByLabel('Function'),
      MESSAGES.function,
    );
    await expect(form.getByRole('group', { name: 'Participant 3' }).getByLabel('First name')).toHaveValue(
      'Name3',
    );
    await expect(form.getByLabel('Company name')).toHaveValue('Patel Decorating');
    await expect(page.getByRole('heading', { name: 'Registration received' })).toHaveCount(0);
  });
});

// ---- job application -------------------------------------------------------------------------------------------

test.describe('job application', () => {
  test('Apply on a vacancy, the CV checked by its bytes, errors, then the confirmation', async ({
    page,
  }, testInfo) => {
    const files = cvFiles();
    await page.goto('/professional-filler/careers');
    const apply = page.getByRole('link', { name: /^Apply for / }).first();
    const title = ((await apply.textContent()) ?? '').replace(/^\s*Apply\s+for\s+/, '').trim();
    await apply.click();
    await expect(page).toHaveURL(/\/professional-filler\/careers\/careers-enquiry\?vacancy=[a-z0-9-]+$/);
    const form = formNamed(page, 'Send your application');
    const vacancy = form.getByRole('combobox', { name: 'Vacancy' });
    await expect(vacancy.locator('option:checked')).toHaveText(title);

    const send = form.getByRole('button', { name: 'Send my application' });
    await send.click();
    await expectError(form.getByLabel('First name'), MESSAGES.firstName);
    await expectError(form.getByLabel('Last name'), MESSAGES.lastName);
    await expectError(form.getByLabel('Email address'), 'Field required: Email address');
    await expectError(form.getByLabel('Phone number'), 'Field required: Phone number');
    await expectError(form.getByLabel('Your CV'), MESSAGES.uploadFile);
    await expectError(
      form.getByRole('checkbox', { name: 'I have read the privacy notice' }),
      MESSAGES.acceptTerms,
    );
    await expectNoSeriousA11yIssues(page, 'main');

    // The picker's type and the name are not trusted: a PNG named .pdf is refused as soon as it is chosen.
    await form.getByLabel('Your CV').setInputFiles(files.fakePdf);
    await expectError(form.getByLabel('Your CV'), MESSAGES.uploadFile);
    await form.getByLabel('Your CV').setInputFiles({
      name: 'huge.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(CV_MAX_BYTES)]),
    });
    await expectError(form.getByLabel('Your CV'), MESSAGES.fileTooLarge);
    await form.getByLabel('Your CV').setInputFiles(files.pdf);
    await expectNoError(form.getByLabel('Your CV'));

    await form.getByLabel('First name').fill('Ann');
    await form.getByLabel('Last name').fill('Lee');
    await form.getByLabel('Email address').fill('ann.lee@');
    await form.getByLabel('Phone number').fill('0161 496');
    await form.getByLabel('LinkedIn profile').fill('linkedin.com/in/ann');
    await send.click();
    await expectError(form.getByLabel('Email address'), MESSAGES.email);
    await expectError(form.getByLabel('Phone number'), MESSAGES.phone);
    await expectError(form.getByLabel('LinkedIn profile'), MESSAGES.url);

    const address = mailbox('application', testInfo);
    await form.getByLabel('Email address').fill(address);
    await form.getByLabel('Phone number').fill('07700 900456');
    await form.getByLabel('LinkedIn profile').fill('https://www.linkedin.com/in/ann-lee');
    await form.getByLabel('Town').fill('Preston');
    await form.getByLabel('Covering letter').fill('I have run filling lines for four years.');
    await form.getByRole('checkbox', { name: 'I have read the privacy notice' }).check();
    await send.click();

    await expect(page.getByRole('heading', { name: 'Your application has been sent' })).toBeVisible(SENT);
    await expect(page.getByText('We have received your CV.')).toBeVisible();
    await expect(toast(page, 'status', 'Changes saved')).toBeVisible();

    const [acknowledgement] = await mailsTo(address);
    expect(acknowledgement?.subject).toBe('We have received your application');
    const [staff] = await staffMailsAbout(address);
    expect(staff?.subject).toMatch(/^Job application: /);
  });

  test('a spontaneous application by default; an unknown vacancy falls back to it', async ({ page }) => {
    await page.goto('/diy-filler/careers/careers-enquiry?vacancy=no-such-job');
    const vacancy = formNamed(page, 'Send your application').getByRole('combobox', { name: 'Vacancy' });
    await expect(vacancy).toHaveValue('');
    await expect(vacancy.locator('option:checked')).toHaveText('Spontaneous application');
  });

  test('the back-office refusing the CV as too large shows it under the file, nothing typed is lost', async ({
    page,
  }) => {
    const files = cvFiles();
    await page.route('**/api/v1/application?**', (route) =>
      route.fulfill({
        status: 413,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'payload_too_large',
          message: 'File too large',
          errors: [{ field: 'body.cv', message: MESSAGES.fileTooLarge }],
        }),
      }),
    );
    await page.goto('/professional-filler/careers/careers-enquiry');
    const form = formNamed(page, 'Send your application');
    await form.getByLabel('First name').fill('Ann');
    await form.getByLabel('Last name').fill('Lee');
    await form.getByLabel('Email address').fill('ann.lee@example.co.uk');
    await form.getByLabel('Phone number').fill('07700 900456');
    await form.getByLabel('Your CV').setInputFiles(files.pdf);
    await form.getByRole('checkbox', { name: 'I have read the privacy notice' }).check();
    await form.getByRole('button', { name: 'Send my application' }).click();

    await expectError(form.getByLabel('Your CV'), MESSAGES.fileTooLarge);
    await expect(form.getByLabel('Email address')).toHaveValue('ann.lee@example.co.uk');
    await expect(form.getByRole('button', { name: 'Send my application' })).toBeEnabled();
  });
});

// ---- JavaScript budget -----------------------------------------------------------------------------------------

interface Script {
  url: string;
  gzip: number;
  react: boolean;
  zod: boolean;
  altcha: boolean;
}

function recordScripts(page: Page): Script[] {
  const scripts: Script[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => undefined);
    if (!body) return;
    const text = body.toString('utf8');
    scripts.push({
      url: new URL(response.url()).pathname,
      gzip: gzipSync(body, { level: 9 }).length,
      react: text.includes('react.dev/errors') || text.includes('react.development'),
      zod: text.includes('$ZodType'),
      altcha: /altcha/i.test(text),
    });
  });
  return scripts;
}

const kb = (scripts: Script[]) => `${(scripts.reduce((total, s) => total + s.gzip, 0) / 1024).toFixed(1)} KB`;

/** vanilla-cookieconsent's cookie with a choice stored: the consent library is not part of the figures. */
const CONSENT_ALL = encodeURIComponent(
  JSON.stringify({ categories: ['necessary', 'analytics', 'ads', 'video'], revision: 0 }),
);

test('JavaScript of a form page: no React, zod or ALTCHA before the first focus; figures recorded', async ({
  page,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'measured once, on desktop');
  test.setTimeout(60_000);
  await page
    .context()
    .addCookies([{ name: 'cc_cookie', value: CONSENT_ALL, url: baseURL ?? '', sameSite: 'Lax' }]);
  const rows = [
    '| form page | before focus: files | gzip | first focus adds: files | gzip | total gzip |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const [name, url] of [
    ['contact', '/professional-filler/contact'],
    ['jobsite support', '/professional-filler/jobsite-support'],
    ['training registration', '/diy-filler/training/register'],
    ['job application', '/professional-filler/careers/careers-enquiry'],
  ] as const) {
    const tab = await page.context().newPage();
    const scripts = recordScripts(tab);
    await tab.goto(url, { waitUntil: 'networkidle' });
    const before = [...scripts];
    expect(
      before.filter((s) => s.react || s.zod || s.altcha).map((s) => s.url),
      `${name} before focus`,
    ).toEqual([]);
    await tab.getByRole('textbox', { name: 'First name' }).or(tab.getByLabel('Company name')).first().focus();
    // The bot check's widget registers its element once its code has arrived.
    await expect
      .poll(() => tab.evaluate(() => Boolean(customElements.get('altcha-widget'))), { timeout: 10_000 })
      .toBe(true);
    expect(
      scripts.some((s) => s.zod),
      `${name}: the form code loads on focus`,
    ).toBe(true);
    // Then until no script has arrived for half a second (the solver's worker starts after the widget).
    await expect
      .poll(async () => {
        const count = scripts.length;
        await tab.waitForTimeout(500);
        return scripts.length === count;
      })
      .toBe(true);
    expect(
      scripts.some((s) => s.react),
      `${name}: no React even after focus`,
    ).toBe(false);
    const added = scripts.slice(before.length);
    rows.push(
      `| ${name} | ${before.length} | ${kb(before)} | ${added.length} | ${kb(added)} | ${kb(scripts)} |`,
    );
    await tab.close();
  }
  console.log(`\nJavaScript of the form pages (Chromium, gzip -9, consent stored):\n${rows.join('\n')}\n`);
});
