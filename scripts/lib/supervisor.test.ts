import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateSecret } from '@plasterwick/shop-rules/secrets';
import { waitForHttp } from './process.ts';
import { restartDelay, Supervisor } from './supervisor.ts';

const fastBackoff = { initialMs: 50, maxMs: 400, resetAfterMs: 60_000 };

describe('restart delays', () => {
  it('double with each quick crash, up to the maximum', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((crashes) => restartDelay(crashes))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('the supervisor', () => {
  let dir: string;
  let supervisor: Supervisor | undefined;
  afterEach(async () => {
    await supervisor?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restarts a child that crashes, logging each exit, and stops for good when asked', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'supervisor-'));
    const script = path.join(dir, 'crash.mjs');
    writeFileSync(script, "console.log('up'); setTimeout(() => process.exit(3), 20);\n");
    const logs: string[] = [];
    supervisor = new Supervisor({
      name: 'crasher',
      label: 'crasher',
      script,
      echo: false,
      backoff: fastBackoff,
      log: (message) => logs.push(message),
    });
    supervisor.start();
    await expect.poll(() => supervisor!.starts, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(logs.filter((line) => line.startsWith('crasher exited (code 3)')).length).toBeGreaterThanOrEqual(
      2,
    );
    expect(logs.find((line) => line.includes('restarting in 0.1 s'))).toBeDefined();
    await supervisor.stop();
    const startsAtStop = supervisor.starts;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(supervisor.starts).toBe(startsAtStop);
  });

  it('brings a killed back-office back to answering 200 within 30 s', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'supervisor-bo-'));
    const port = 4480 + Math.floor(Math.random() * 10);
    const health = `http://127.0.0.1:${port}/api/v1/health`;
    supervisor = new Supervisor({
      name: 'back-office',
      label: 'backoffice',
      script: path.resolve(import.meta.dirname, '../../backoffice/src/server.ts'),
      echo: false,
      log: () => {},
      env: {
        ...process.env,
        BACKOFFICE_PORT: String(port),
        DATA_DIR: path.join(dir, 'data'),
        BACKOFFICE_API_KEY: generateSecret(),
        PREVIEW_TOKEN: generateSecret(),
        LOG_LEVEL: 'warn',
      },
    });
    const first = supervisor.start();
    await waitForHttp(health, { ok200: true, timeoutMs: 120_000, child: first });
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    await expect
      .poll(async () => (await fetch(health).catch(() => undefined))?.status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(200);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    expect(supervisor.starts).toBe(2);
  }, 180_000);
});
