/**
 * `npm run staff -w backoffice -- invite someone@example.co.uk --role owner` and `… reset-2fa someone@example.co.uk`
 * on the shop's server (issue 22). The e-mail (invitation, or the link to enrol a new authenticator, which is also
 * printed) goes to the mail outbox. With the embedded database, a running back-office holds it: the command then
 * asks that back-office on its port with the API key (BACKOFFICE_API_KEY, else DATA_DIR/secrets.json). Otherwise
 * (PostgreSQL, or no back-office running) it writes the database itself, recorded as actor `cli`.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SECRET_VARIABLES } from '@plasterwick/shop-rules/secrets';
import { loadConfig, type Config } from '../../config.ts';
import { dataMigrationList } from '../../data-migrations/index.ts';
import { openDatabase } from '../../db/client.ts';
import { systemClock } from '../../lib/clock.ts';
import { DomainError } from '../../lib/errors.ts';
import { inviteByCommand, resetSecondFactorByCommand } from './commands.ts';
import { ROLES, type Role } from './roles.ts';

const usage =
  'Usage: npm run staff -w backoffice -- invite EMAIL --role ROLE\n' +
  '       npm run staff -w backoffice -- reset-2fa EMAIL\n' +
  `Roles: ${ROLES.join(', ')}`;

function fail(message: string, status = 2): never {
  console.error(message);
  process.exit(status);
}

function command() {
  try {
    const { positionals, values } = parseArgs({
      allowPositionals: true,
      options: { role: { type: 'string' } },
    });
    const [verb, email, ...rest] = positionals;
    if (!email || rest.length > 0 || !email.includes('@')) fail(usage);
    if (verb === 'reset-2fa') return { verb, email } as const;
    if (verb !== 'invite') fail(usage);
    if (!ROLES.includes(values.role as Role)) fail(`--role must be one of ${ROLES.join(', ')}\n${usage}`);
    return { verb, email, role: values.role as Role } as const;
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`);
  }
}

/** The configuration without the secrets (a command needs the database, CONSOLE_URL and the mail sender only). */
function commandConfig(): Config {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'NODE_ENV' && !(SECRET_VARIABLES as readonly string[]).includes(name),
    ),
  );
  try {
    return loadConfig(env);
  } catch (error) {
    return fail((error as Error).message);
  }
}

/** The API key the running back-office was given: the environment's, else `npm start`'s secrets file. */
function apiKey(config: Config): string | undefined {
  if (process.env.BACKOFFICE_API_KEY) return process.env.BACKOFFICE_API_KEY;
  try {
    const file = JSON.parse(readFileSync(path.join(config.dataDir, 'secrets.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    return typeof file.BACKOFFICE_API_KEY === 'string' ? file.BACKOFFICE_API_KEY : undefined;
  } catch {
    return undefined;
  }
}

/** The running back-office's origin, when one answers. */
async function runningBackoffice(config: Config): Promise<string | undefined> {
  const origin = process.env.BACKOFFICE_URL?.replace(/\/+$/, '') ?? `http://127.0.0.1:${config.port}`;
  try {
    await fetch(`${origin}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
    return origin;
  } catch {
    return undefined;
  }
}

async function call(origin: string, key: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${origin}/api/v1${url}`, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { data?: unknown; message?: string };
  if (!response.ok) fail(`${method} ${url}: ${response.status} ${answer.message ?? ''}`.trim(), 1);
  return answer.data;
}

/** Through the running back-office. */
async function overHttp(origin: string, key: string, order: ReturnType<typeof command>) {
  if (order.verb === 'invite') {
    await call(origin, key, 'POST', '/staff/invitations', { email: order.email, role: order.role });
    console.log(`invited ${order.email} as ${order.role}: the invitation e-mail is in the outbox`);
    return;
  }
  const found = (await call(
    origin,
    key,
    'GET',
    `/staff/people?email=${encodeURIComponent(order.email)}`,
  )) as {
    items: { id: number }[];
  };
  const person = found.items[0];
  if (!person) fail(`no staff person has the e-mail address ${order.email}`, 1);
  const reset = (await call(origin, key, 'POST', `/staff/people/${person.id}/reset-2fa`)) as {
    enrolment_url: string;
  };
  console.log(
    `second factor of ${order.email} reset; enrolment link (also e-mailed): ${reset.enrolment_url}`,
  );
}

/** Writing the database itself. */
async function direct(config: Config, order: ReturnType<typeof command>) {
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    dataMigrations: dataMigrationList,
  });
  try {
    if (order.verb === 'invite') {
      await inviteByCommand(database.db, config, systemClock, order.email, order.role);
      console.log(`invited ${order.email} as ${order.role}: the invitation e-mail is in the outbox`);
    } else {
      const url = await resetSecondFactorByCommand(database.db, config, systemClock, order.email);
      console.log(`second factor of ${order.email} reset; enrolment link (also e-mailed): ${url}`);
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

const order = command();
const config = commandConfig();
const origin = config.databaseUrl ? undefined : await runningBackoffice(config);
if (origin) {
  const key = apiKey(config);
  if (!key) fail('a back-office is running on the embedded database: set BACKOFFICE_API_KEY to its key', 1);
  await overHttp(origin, key, order);
} else {
  await direct(config, order);
}
