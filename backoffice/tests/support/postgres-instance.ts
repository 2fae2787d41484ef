/**
 * A private PostgreSQL 15 server for one test file: the restart test (tests/crash/db-restart.test.ts) and the
 * cluster test stop and start it under traffic, which they cannot do to the shared server of DATABASE_URL.
 *
 *   const pg = await createPostgresInstance();   // initdb + start; role `shop`, database `shop`, extensions
 *   spawn(..., { env: { DATABASE_URL: pg.url } });
 *   await pg.restart({ downMs: 2000 });          // fast stop, 2 s down, start; resolves once it accepts connections
 *   await pg.remove();                           // stop and delete its folder (always, in afterAll)
 *
 * How: `initdb` runs as the `postgres` OS user (PostgreSQL refuses to run as root; the tests run as root) into a
 * fresh temporary folder that user owns, with trust authentication (loopback and its own socket only: nothing
 * else can reach it). It listens on 127.0.0.1 on a free port, its Unix socket inside the folder, its log in
 * `<folder>/postgres.log`. Durability is off (fsync, full-page writes): a crash of the machine is not tested, a
 * restart is (a fast stop still writes a checkpoint). Call `remove()` (in afterAll); a process that ends without it
 * still stops the server and deletes the folder on exit.
 */
import { execFile as execFileCallback, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { freePort } from '@plasterwick/shop-rules/network';

const execFile = promisify(execFileCallback);

/** The binaries of the PostgreSQL 15 the machine has (`postgresql-15`); POSTGRES_BIN_DIR overrides. */
const BIN_DIR = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
/** What the application needs installed by a superuser (drizzle/0000_extensions.sql only checks for them). */
const EXTENSIONS = ['pg_trgm', 'cube', 'earthdistance'];

export interface PostgresInstance {
  /** The application's URL: role `shop` (password `shop`, not a superuser), database `shop`. */
  readonly url: string;
  /** A superuser (`postgres`) URL on the same database, for setup and inspection. */
  readonly adminUrl: string;
  readonly port: number;
  /** The temporary folder: `data/` (the cluster), the Unix socket, `postgres.log`. */
  readonly dir: string;
  /** Starts the server; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Fast shutdown (`pg_ctl stop -m fast`): open sessions are ended with 57P01, as an operator's restart does. */
  stop(): Promise<void>;
  /**
   * Stops (fast), waits `downMs` (default 0), starts. Resolves once it accepts connections again, with the
   * moments it went down and came back (`Date.now()` values), for "service back within N s" assertions.
   */
  restart(options?: { downMs?: number }): Promise<{ stoppedAt: number; acceptingAt: number }>;
  /** Another empty database with the extensions, owned by `shop`; returns its application URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (immediate mode: nothing to keep) and deletes the folder. Safe to call twice. */
  remove(): Promise<void>;
  /** The server's log so far (for a failing test's message). */
  log(): string;
}

interface PostgresUser {
  uid: number;
  gid: number;
}

function postgresUser(): PostgresUser {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Creates, configures and starts a private server (see the top of the file). */
export async function createPostgresInstance(): Promise<PostgresInstance> {
  const user = postgresUser();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pg15-'));
  chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'postgres.log');
  const port = await freePort();
  let removed = false;

  /** A PostgreSQL binary as the `postgres` user, with a minimal environment. */
  const run = (binary: string, args: string[]) =>
    execFile(path.join(BIN_DIR, binary), args, {
      uid: user.uid,
      gid: user.gid,
      cwd: dir,
      env: { PATH: process.env.PATH, LC_ALL: 'C' },
    });

  await run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    [
      '',
      '# createPostgresInstance (backoffice/tests/support/postgres-instance.ts)',
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      // Two back-offices of 10 connections, the tests' own, and room for reconnections while old ones close.
      'max_connections = 200',
      'fsync = off',
      'full_page_writes = off',
      'synchronous_commit = off',
      '',
    ].join('\n'),
  );

  const base = `postgres://%s@127.0.0.1:${port}/%s`;
  const adminUrlOf = (database: string) => base.replace('%s', 'postgres').replace('%s', database);
  const appUrlOf = (database: string) => base.replace('%s', 'shop:shop').replace('%s', database);

  async function start() {
    await run('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '30']);
  }

  async function stop() {
    await run('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']);
  }

  /** pg_ctl -w returns once the server is ready; a connection proves it from outside, as a client sees it. */
  async function waitAccepting() {
    for (let attempt = 0; ; attempt += 1) {
      const probe = postgres(adminUrlOf('postgres'), { max: 1, connect_timeout: 2, onnotice: () => {} });
      try {
        await probe`select 1`;
        return;
      } catch (error) {
        if (attempt >= 100) throw error;
        await sleep(50);
      } finally {
        await probe.end({ timeout: 0 });
      }
    }
  }

  async function createDatabase(name: string): Promise<string> {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
    const admin = postgres(adminUrlOf('postgres'), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create database ${name} owner shop`);
    } finally {
      await admin.end();
    }
    const inDatabase = postgres(adminUrlOf(name), { max: 1, onnotice: () => {} });
    try {
      // cube before earthdistance, which needs it.
      for (const extension of EXTENSIONS)
        await inDatabase.unsafe(`create extension if not exists ${extension}`);
    } finally {
      await inDatabase.end();
    }
    return appUrlOf(name);
  }

  // A test process that ends without remove() (a crash, a worker torn down) must not leave a server running.
  const stopOnExit = () => {
    try {
      execFileSync(path.join(BIN_DIR, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate'], {
        uid: user.uid,
        gid: user.gid,
        stdio: 'ignore',
      });
    } catch {
      // Not running.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopOnExit);

  try {
    await start();
    await waitAccepting();
    const admin = postgres(adminUrlOf('postgres'), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create role shop login password 'shop'`);
    } finally {
      await admin.end();
    }
    await createDatabase('shop');
  } catch (error) {
    process.off('exit', stopOnExit);
    await run('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate']).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  return {
    url: appUrlOf('shop'),
    adminUrl: adminUrlOf('shop'),
    port,
    dir,
    async start() {
      await start();
      await waitAccepting();
    },
    stop,
    async restart({ downMs = 0 } = {}) {
      await stop();
      const stoppedAt = Date.now();
      if (downMs > 0) await sleep(downMs);
      await start();
      await waitAccepting();
      return { stoppedAt, acceptingAt: Date.now() };
    },
    createDatabase,
    async remove() {
      if (removed) return;
      removed = true;
      process.off('exit', stopOnExit);
      await run('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
    log() {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
  };
}
