/**
 * Graceful shutdown of the real server process (issue 27): a request in flight when SIGTERM arrives (a keyed call
 * whose body is still arriving, slowly, as a large upload's would, on a keep-alive connection) is finished and
 * answered, the server accepts no new connection meanwhile, its answer closes the connection, and the process exits
 * 0 at once (not after the bound).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateSecret, SECRET_VARIABLES } from '@plasterwick/shop-rules/secrets';
import { expect, it } from 'vitest';
import { childDatabase, childEnv } from './support/child-database.ts';
import { freePort } from '@plasterwick/shop-rules/network';

const SERVER = path.resolve(import.meta.dirname, '../src/server.ts');

/** The status of `GET path`, or the connection's error code. */
function probe(port: number, url: string): Promise<number | string> {
  return new Promise((resolve) => {
    request({ port, host: '127.0.0.1', path: url, agent: false }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    })
      .on('error', (error: Error & { code?: string }) => resolve(error.code ?? error.message))
      .end();
  });
}

it('finishes the request in flight on SIGTERM, then exits 0', async () => {
  const database = await childDatabase();
  try {
    const secrets = Object.fromEntries(SECRET_VARIABLES.map((name) => [name, generateSecret()]));
    const port = await freePort();
    const child = spawn(process.execPath, [SERVER], {
      env: childEnv({
        ...database.env,
        ...secrets,
        NODE_ENV: 'production',
        BACKOFFICE_PORT: String(port),
        LOG_LEVEL: 'info',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
    const printed = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const read = () => (output.includes(text) ? resolve() : undefined);
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        void exited.then(() => reject(new Error(`the server exited before printing "${text}":\n${output}`)));
      });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await printed('back-office ready');
    // Ready once the search index the app builds after it listens is there too (issue 29).
    await expect.poll(() => probe(port, '/health/ready'), { timeout: 10_000 }).toBe(200);

    // A build record started by the launcher's key, its body sent in two halves, on a connection the client
    // would keep open: the server must close it once it has answered, or the process would wait for it.
    const keepAlive = new Agent({ keepAlive: true });
    const body = Buffer.from(JSON.stringify({ id: '20261127T143200-a1b2c3', content_version: 1 }));
    const call = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/api/v1/staff/builds',
      agent: keepAlive,
      headers: {
        'x-api-key': secrets.BACKOFFICE_API_KEY,
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
    });
    const answered = once(call, 'response') as Promise<[IncomingMessage]>;
    call.write(body.subarray(0, 10));
    await sleep(300);

    child.kill('SIGTERM');
    await printed('SIGTERM: finishing the requests in flight');
    await sleep(300);
    expect(await probe(port, '/health/live')).toBe('ECONNREFUSED');
    expect(child.exitCode).toBeNull();

    call.end(body.subarray(10));
    const [answer] = await answered;
    let text = '';
    for await (const chunk of answer) text += String(chunk);
    expect(answer.statusCode, text).toBe(201);
    expect(answer.headers.connection).toBe('close');
    expect(await exited).toEqual([0, null]);
    keepAlive.destroy();
  } finally {
    await database.remove();
  }
}, 60_000);
