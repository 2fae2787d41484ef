/**
 * The inbox in the console (issue 24), end to end: a contact message sent through the storefront's contact call (as
 * its page sends it, with a solved bot check) is assigned, answered from the console (the reply reaches the address
 * the visitor typed, in the stack's SMTP capture, quoting nothing they wrote) and marked done; a job application's CV
 * is downloaded by a `recruitment` person and the audit trail has it; a `customer_service` person has no
 * applications menu entry and gets 403 from the applications call. The retention job needs a clock that moves, which
 * the running stack never has: an in-process back-office on a fake clock (backoffice/tests/helpers.ts) takes an
 * application over HTTP, the clock moves 13 months, the job runs, and the application and its CV answer 404.
 */
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { solveAltcha } from '../../backoffice/tests/bot-check-solver.ts';
import { API_KEY, createTestApp, q } from '../../backoffice/tests/helpers.ts';
import { fakeClock } from '../../backoffice/src/lib/clock.ts';
import { expectNoSeriousA11yIssues } from '../e2e/support/axe.ts';
import { mailsTo } from '../e2e/support/mail.ts';
import { browserHeaders, personOf } from './support/people.ts';
import { consoleStack, signedInAs } from './support/stack.ts';

const SHOP_QUERY = 'site_id=3&lang=en&client=web';
/** Bytes a CV check takes for a PDF (its magic number), enough for the console to show and download. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function solved(request: APIRequestContext, base = ''): Promise<string> {
  const answer = await request.get(`${base}/api/v1/bot-check/challenge?${SHOP_QUERY}`);
  const body = await answer.json();
  return solveAltcha(body.data.challenge);
}

async function shopRequest(playwright: {
  request: { newContext: (o: object) => Promise<APIRequestContext> };
}) {
  return playwright.request.newContext({ baseURL: consoleStack.shopURL });
}

async function auditOf(browser: Browser, entity: string, id: number) {
  const owner = await browser.newContext({
    storageState: signedInAs('owner'),
    baseURL: consoleStack.backofficeURL,
  });
  const answer = await owner.request.get(`/api/v1/staff/audit?entity=${entity}&entity_id=${id}&perPage=100`);
  expect(answer.status()).toBe(200);
  const items = (await answer.json()).data.items as { action: string; actor_name: string }[];
  await owner.close();
  return items.map(({ action, actor_name }) => [action, actor_name]);
}

test('a contact message is assigned, answered from the console and marked done', async ({
  browser,
  playwright,
}) => {
  const email = `visitor-${Date.now()}@example.co.uk`;
  const shop = await shopRequest(playwright);
  const typed = 'Please call https://evil.example/login about my order';
  const sent = await shop.post(`/api/v1/contact?${SHOP_QUERY}`, {
    data: {
      civility: 'mrs',
      first_name: 'Rhian',
      last_name: 'Evans',
      email,
      subject: 'Coverage of the fine filler',
      message: typed,
      accept_terms: true,
      audience: 'pro',
      bot_check: await solved(shop),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const id = (await sent.json()).data.id as number;
  await shop.dispose();

  const context = await browser.newContext({
    storageState: signedInAs('customer_service'),
    baseURL: consoleStack.backofficeURL,
  });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByRole('menuitem', { name: 'Messages' }).click();
  await page.getByRole('cell', { name: 'Coverage of the fine filler' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/messages/${id}/show`));
  await expect(page.getByText(typed)).toBeVisible();

  await page.getByRole('button', { name: 'Assign to me' }).click();
  const handling = page.getByRole('region', { name: 'Handling' });
  await expect(handling.getByText(personOf('role-customer_service').name)).toBeVisible();

  await page.getByRole('button', { name: 'Reply' }).click();
  const dialog = page.getByRole('dialog', { name: `Reply to ${email}` });
  await dialog.getByLabel('Subject').fill('Coverage of our fine filler');
  await dialog.getByLabel('Message').fill('One 10 kg tub covers about 8 square metres at 2 mm.');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Notes and replies' })).toContainText('Reply sent by');

  await page.getByRole('button', { name: 'Mark done' }).click();
  await expect(handling.getByText('Done')).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('menuitem', { name: 'Messages' }).click();
  await expect(page.getByRole('cell', { name: 'Coverage of the fine filler' }).first()).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  const mails = await mailsTo(email, 2, 15_000, consoleStack.mailDir);
  const reply = mails.find((mail) => mail.subject === 'Coverage of our fine filler');
  expect(reply, JSON.stringify(mails.map((mail) => mail.subject))).toBeDefined();
  expect(reply!.text).toContain('Dear Mrs Evans,');
  expect(reply!.text).toContain('One 10 kg tub covers about 8 square metres');
  expect(reply!.text).not.toContain('evil.example');
  expect(reply!.html).not.toContain('evil.example');
  const person = personOf('role-customer_service').name;
  expect(await auditOf(browser, 'submission', id)).toEqual(
    expect.arrayContaining([
      ['submission.update', person],
      ['submission.reply', person],
    ]),
  );

  // Training registrations, by session: places left and the trainer's CSV.
  await page.getByRole('menuitem', { name: 'Training registrations' }).click();
  await expect(page.getByText(/places left/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Participants CSV' }).first()).toBeVisible();
  await context.close();
});

test('a recruitment person downloads a CV (audited); customer service has no applications', async ({
  browser,
  playwright,
}) => {
  const shop = await shopRequest(playwright);
  const applied = await shop.post(`/api/v1/application?${SHOP_QUERY}`, {
    multipart: {
      first_name: 'Jo',
      last_name: 'Reed',
      email: `jo-${Date.now()}@example.com`,
      phone: '07700 900456',
      accept_terms: 'true',
      page_id: '',
      audience: 'pro',
      bot_check: await solved(shop),
      cv: { name: 'Jo Reed CV.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const id = (await applied.json()).data.id as number;
  await shop.dispose();

  const recruiter = await browser.newContext({
    storageState: signedInAs('recruitment'),
    baseURL: consoleStack.backofficeURL,
  });
  const page = await recruiter.newPage();
  await page.goto(`/admin/applications/${id}/show`);
  const cv = page.getByRole('region', { name: 'CV' });
  await expect(cv.getByText('Jo Reed CV.pdf')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    cv.getByRole('link', { name: 'Download CV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Jo Reed CV.pdf');
  expect(await auditOf(browser, 'application', id)).toContainEqual([
    'application.cv_download',
    personOf('role-recruitment').name,
  ]);
  await recruiter.close();

  const service = await browser.newContext({
    storageState: signedInAs('customer_service'),
    baseURL: consoleStack.backofficeURL,
  });
  const servicePage = await service.newPage();
  await servicePage.goto('/admin');
  await expect(servicePage.getByRole('menuitem', { name: 'Messages' })).toBeVisible();
  await expect(servicePage.getByRole('menuitem', { name: 'Job applications' })).toHaveCount(0);
  const refused = await service.request.get(`/api/v1/staff/applications?site_id=3`, {
    headers: browserHeaders,
  });
  expect(refused.status()).toBe(403);
  const cvRefused = await service.request.get(`/api/v1/staff/applications/${id}/cv?site_id=3`);
  expect(cvRefused.status()).toBe(403);
  await service.close();
});

test('the retention job, on a clock moved 13 months on, deletes an expired application and its CV', async ({
  playwright,
}) => {
  test.setTimeout(60_000);
  const clock = fakeClock(new Date('2027-03-01T10:00:00Z'));
  const t = await createTestApp({}, { clock });
  try {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const http = await playwright.request.newContext({ baseURL: base });
    const applied = await http.post(`/api/v1/application?${q()}`, {
      multipart: {
        first_name: 'Sam',
        last_name: 'Hale',
        email: 'sam.hale@example.com',
        phone: '07700 900789',
        accept_terms: 'true',
        page_id: '',
        bot_check: await solved(http),
        cv: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF },
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const id = (await applied.json()).data.id as number;
    const key = { 'x-api-key': API_KEY };
    const read = () => http.get(`/api/v1/staff/applications/${id}?${q()}`, { headers: key });
    const cv = () => http.get(`/api/v1/staff/applications/${id}/cv?${q()}`, { headers: key });
    expect((await read()).status()).toBe(200);
    expect((await cv()).status()).toBe(200);

    // A month short of its date: kept.
    clock.advance(330 * 86_400_000);
    await t.app.jobs.runNow('retention');
    expect((await read()).status()).toBe(200);

    clock.advance(65 * 86_400_000);
    await t.app.jobs.runNow('retention');
    expect((await read()).status()).toBe(404);
    expect((await cv()).status()).toBe(404);
    await http.dispose();
  } finally {
    await t.close();
  }
});
