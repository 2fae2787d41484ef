/**
 * The console's setup (project `console-setup`, before every console spec). First the first owner, as issue 22's
 * end-to-end test has it: created from the setup link in Chromium (the token read from the stack's log), enrols,
 * signs out and in again, invites a `content` person who joins from the invitation e-mail, and the audit trail
 * lists both sign-ins. Then one person per role, invited with the CLI and enrolled through the staff API, each
 * signed in once; the specs reuse their sessions (`signedInAs(role)`).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ROLE_CHOICES } from '../../backoffice/console/src/access.ts';
import { mailsTo } from '../e2e/support/mail.ts';
import { browserHeaders, joinThroughApi, PASSWORD, savePerson, signInOnPage } from './support/people.ts';
import { consoleStack, consoleStackReady, signedInAs, stackLog } from './support/stack.ts';
import { Authenticator } from './support/totp.ts';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(330_000);
  await consoleStackReady();
});

/**
 * Reads the enrolment page: its key (typed by hand, so shown as text) is the person's authenticator. With `keep`,
 * the recovery codes are also downloaded and copied, and both hold the ten codes shown.
 */
async function enrolOnPage(page: Page, options: { keep?: boolean } = {}): Promise<Authenticator> {
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code that adds .+ to an authenticator app/ })).toBeVisible();
  const key = (await page.getByLabel('Key for typing by hand').textContent())!.replace(/\s/g, '');
  const app = new Authenticator(key);
  await page.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(await app.nextCode());
  await page.getByRole('button', { name: 'Confirm the code' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  if (options.keep) {
    const shown = await codes.allTextContents();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the codes' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('plasterwick-recovery-codes.txt');
    const saved = readFileSync(await download.path(), 'utf8');
    for (const code of shown) expect(saved).toContain(code);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy the codes' }).click();
    await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(saved);
  }
  await page.getByRole('button', { name: 'I have saved them: continue' }).click();
  return app;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the staff console' })).toBeVisible();
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: consoleStack.backofficeURL });
  return context.newPage();
}

test('the setup link makes the first owner once; they enrol, sign out and in, and invite a content person who joins from the e-mail; the audit trail lists both sign-ins', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const setupLink = /no staff account yet: create the first owner at (\S+\/setup\?token=[\w-]+)/.exec(
    stackLog(),
  )?.[1];
  expect(setupLink, 'the back-office logs the setup link, and npm start repeats it').toBeDefined();
  expect(stackLog()).toContain(`[start] the staff console is at ${consoleStack.consoleURL}`);
  expect(stackLog()).toContain(`[start] no staff account yet: create the first owner at ${setupLink}`);

  // Nobody is staff before the link is used: signing in is refused like any wrong credential.
  const owner = await newPage(browser);
  await owner.goto(setupLink!);
  await expect(owner.getByRole('heading', { name: 'Create the first owner' })).toBeVisible();
  await owner.getByRole('textbox', { name: 'Your name' }).fill('Olive Owner');
  await owner.getByRole('textbox', { name: 'Email address' }).fill('first-owner@example.co.uk');
  await owner.getByLabel(/^Password/).fill(PASSWORD);
  await owner.getByRole('button', { name: 'Create the owner' }).click();
  const ownerApp = await enrolOnPage(owner);
  await expect(owner.getByRole('heading', { name: 'Welcome, Olive Owner' })).toBeVisible();
  await expect(owner.getByText('You are signed in as Owner.')).toBeVisible();

  // Used once, never again.
  const again = await newPage(browser);
  await again.goto(setupLink!);
  await expect(again.getByRole('heading', { name: 'This setup link cannot be used' })).toBeVisible();
  await again.context().close();

  // The owner invites a content person from the console.
  await owner.getByRole('menuitem', { name: 'Staff' }).click();
  await expect(owner.getByRole('cell', { name: 'first-owner@example.co.uk' })).toBeVisible();
  await owner.getByRole('link', { name: 'Invite someone' }).click();
  await expect(owner).toHaveURL(/\/admin\/invitations\/create$/);
  await owner.getByRole('textbox', { name: 'Email address' }).fill('content-editor@example.co.uk');
  await owner.getByRole('combobox', { name: 'Role' }).click();
  await owner.getByRole('option', { name: 'Content' }).click();
  await owner.getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByRole('cell', { name: 'content-editor@example.co.uk' })).toBeVisible();

  // They join from the link in the e-mail, in their own browser.
  const [invitation] = await mailsTo('content-editor@example.co.uk', 1, 15_000, consoleStack.mailDir);
  const invitationLink = /https?:\/\/\S+\/invitation\?token=[\w-]+/.exec(invitation!.text)?.[0];
  expect(invitationLink?.startsWith(`${consoleStack.consoleURL}/invitation?token=`)).toBe(true);
  const editor = await newPage(browser);
  await editor.goto(invitationLink!);
  await expect(
    editor.getByText('You are invited as Content with the address content-editor@example.co.uk.'),
  ).toBeVisible();
  await editor.getByRole('textbox', { name: 'Your name' }).fill('Cora Content');
  await editor.getByLabel(/^Choose a password/).fill(PASSWORD);
  await editor.getByRole('button', { name: 'Continue' }).click();
  const editorApp = await enrolOnPage(editor, { keep: true });
  await expect(editor.getByText('You are signed in as Content.')).toBeVisible();
  // Content people do not manage staff: the menu does not offer it.
  await expect(editor.getByRole('menuitem', { name: 'Staff' })).toHaveCount(0);

  // Both sign out and in again, each with the next code of their app.
  await signOut(owner);
  await signOut(editor);
  await Promise.all([
    ownerApp.nextCode().then((code) => signInOnPage(owner, 'first-owner@example.co.uk', code)),
    editorApp.nextCode().then((code) => signInOnPage(editor, 'content-editor@example.co.uk', code)),
  ]);
  await expect(owner.getByRole('heading', { name: 'Welcome, Olive Owner' })).toBeVisible();
  await expect(editor.getByRole('heading', { name: 'Welcome, Cora Content' })).toBeVisible();

  // The owner's session reads the audit trail: both sign-ins are there, by name and role.
  const audit = await owner.request.get('/api/v1/staff/audit?action=session.sign_in&perPage=100');
  expect(audit.status()).toBe(200);
  const events = (await audit.json()).data.items as { actor_name: string; role: string; outcome: string }[];
  expect(
    events.filter((event) => event.outcome === 'ok').map(({ actor_name, role }) => [actor_name, role]),
  ).toEqual(
    expect.arrayContaining([
      ['Olive Owner', 'owner'],
      ['Cora Content', 'content'],
    ]),
  );
  await editor.context().close();
  await owner.context().close();

  // What was typed and shown never reached the log.
  const log = stackLog();
  expect(log).not.toContain(PASSWORD);
  expect(log).not.toContain(ownerApp.secret);
  expect(log).not.toContain(editorApp.secret);
});

/** `npm run staff -w backoffice -- invite …` against the running stack (it asks its back-office over HTTP). */
function inviteWithCli(email: string, role: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const run = spawn('npm', ['run', 'staff', '-w', 'backoffice', '--', 'invite', email, '--role', role], {
      cwd: consoleStack.root,
      env: {
        ...process.env,
        DATA_DIR: consoleStack.dataDir,
        BACKOFFICE_PORT: String(consoleStack.backofficePort),
        BACKOFFICE_API_KEY: consoleStack.apiKey,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    run.stdout.on('data', (chunk: Buffer) => (output += chunk));
    run.stderr.on('data', (chunk: Buffer) => (output += chunk));
    run.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the staff CLI exited ${code}:\n${output}`)),
    );
  });
}

test('one person per role: invited with the CLI, enrolled through the staff API, signed in once', async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const people = ROLE_CHOICES.map(({ id: role, name }) => ({
    role,
    email: `role-${role.replace('_', '-')}@example.co.uk`,
    name: `${name} Person`,
  }));
  await Promise.all(people.map(({ email, role }) => inviteWithCli(email, role)));

  const enrolling = await playwright.request.newContext({ baseURL: consoleStack.backofficeURL });
  const joined = await Promise.all(people.map((person) => joinThroughApi(enrolling, person)));
  await enrolling.dispose();

  // Each signs in with a code of a later step than the one that enrolled them (a used step is refused).
  await Promise.all(
    joined.map(async ({ app, ...person }) => {
      const { role, email } = person;
      const context = await playwright.request.newContext({
        baseURL: consoleStack.backofficeURL,
        extraHTTPHeaders: browserHeaders,
      });
      const signedIn = await context.post('/api/v1/staff/session', {
        data: { email, password: PASSWORD, code: await app.nextCode() },
      });
      expect(signedIn.status(), `${role}: ${await signedIn.text()}`).toBe(200);
      expect((await signedIn.json()).data.role).toBe(role);
      await context.storageState({ path: signedInAs(role) });
      await context.dispose();
      savePerson(`role-${role}`, person);
    }),
  );
});
