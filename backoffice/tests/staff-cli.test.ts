/**
 * `npm run staff -w backoffice -- invite EMAIL --role ROLE` and `… reset-2fa EMAIL` (src/modules/staff/cli.ts):
 * on a database no back-office holds, the command writes it itself (recorded as actor `cli`); with a back-office
 * running on the embedded database, it asks that back-office with the API key (from the environment or
 * DATA_DIR/secrets.json). The invitation and the enrolment link go to the outbox and start with CONSOLE_URL.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailOutbox, staffInvitations } from '../src/db/schema.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { API_KEY, createTestApp, type TestApp } from './helpers.ts';
import { childDatabase, childEnv, type ChildDatabase } from './support/child-database.ts';
import { keyHeaders, setUpOwner } from './staff-helpers.ts';

const cli = path.resolve(import.meta.dirname, '../src/modules/staff/cli.ts');
const run = promisify(execFile);
const staff = (args: string[], env: Record<string, string>) =>
  run(process.execPath, [cli, ...args], { env: childEnv(env) }).then(
    (done) => ({ code: 0, ...done }),
    (failed: { code: number; stdout: string; stderr: string }) => failed,
  );

describe('on a database no back-office holds', () => {
  let database: ChildDatabase;
  const env = () => ({
    ...database.env,
    // Nothing listens there: the command writes the database itself.
    BACKOFFICE_PORT: '9',
    CONSOLE_URL: 'https://console.example.co.uk/admin',
  });

  beforeAll(async () => {
    database = await childDatabase();
  });
  afterAll(() => database.remove());

  it('invites, with the e-mail in the outbox and the command line on the record', async () => {
    const invited = await staff(['invite', 'New.Person@example.co.uk', '--role', 'content'], env());
    expect(invited.stdout).toContain('invited New.Person@example.co.uk as content');
    expect(invited.code).toBe(0);
    const unknown = await staff(['reset-2fa', 'nobody@example.co.uk'], env());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('nobody@example.co.uk not found');
    const usage = await staff(['invite', 'x@example.co.uk', '--role', 'king'], env());
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--role must be one of owner, orders');

    const handle = await database.open();
    try {
      expect(await handle.db.select().from(staffInvitations)).toEqual([
        expect.objectContaining({ email: 'new.person@example.co.uk', role: 'content', invitedBy: null }),
      ]);
      const [mail] = await handle.db.select().from(mailOutbox);
      expect(mail!.recipient).toBe('new.person@example.co.uk');
      expect(mail!.textBody).toMatch(
        /https:\/\/console\.example\.co\.uk\/admin\/invitation\?token=[\w-]{43}/,
      );
      expect(await handle.db.select().from(auditEvents)).toEqual([
        expect.objectContaining({
          actorType: 'cli',
          action: 'invitation.create',
          entity: 'staff_invitation',
        }),
      ]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});

describe('with a back-office running', () => {
  const clock = fakeClock(new Date('2026-11-24T09:00:00Z'));
  let t: TestApp;
  let origin: string;
  let dataDir: string;

  beforeAll(async () => {
    t = await createTestApp({}, { clock, seed: false });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'staff-cli-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('asks it with the API key: an invitation, and a second-factor reset that prints the link', async () => {
    const invited = await staff(['invite', 'helper@example.co.uk', '--role', 'orders'], {
      DATA_DIR: dataDir,
      BACKOFFICE_URL: origin,
      BACKOFFICE_API_KEY: API_KEY,
    });
    expect(invited.code).toBe(0);
    const list = await t.app.inject({ url: '/api/v1/staff/invitations', headers: keyHeaders });
    expect(list.json().data.items).toEqual([
      expect.objectContaining({ email: 'helper@example.co.uk', role: 'orders' }),
    ]);

    // The key from npm start's secrets file this time.
    writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ BACKOFFICE_API_KEY: API_KEY }));
    const owner = await setUpOwner(t.app, clock);
    const reset = await staff(['reset-2fa', owner.email], { DATA_DIR: dataDir, BACKOFFICE_URL: origin });
    expect(reset.code).toBe(0);
    expect(reset.stdout).toMatch(
      /enrolment link \(also e-mailed\): http:\/\/127\.0\.0\.1:4000\/admin\/enrol\?token=[\w-]{43}/,
    );
    const person = await t.app.inject({ url: `/api/v1/staff/people/${owner.id}`, headers: keyHeaders });
    expect(person.json().data.enrolled).toBe(false);

    const wrongKey = await staff(['invite', 'x@example.co.uk', '--role', 'orders'], {
      DATA_DIR: dataDir,
      BACKOFFICE_URL: origin,
      BACKOFFICE_API_KEY: 'not-the-key-of-this-back-office-at-all',
    });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain('401');
  }, 60_000);
});
