/** Child-process helpers shared by `npm start`, the build, the bench and the e2e harness. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface SpawnOptions {
  /** Prefix for every output line, so interleaved logs stay readable. */
  label: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Print the child's output (true) or keep only the last lines for error messages (false). */
  echo?: boolean;
  /** Called with each line of output, for a caller that watches for one (the back-office's setup link). */
  onLine?: (line: string) => void;
  /**
   * Start the child as the leader of a process group of its own, so `stopChild` signals the whole group: what the
   * child started (a launcher's servers and a build in progress) stops with it.
   */
  group?: boolean;
}

export interface NodeChild {
  child: ChildProcess;
  /** The last lines of output, for error messages when the child fails. */
  tail: () => string;
  /** Resolves with the exit code (or 1 when killed by a signal). */
  exited: Promise<number>;
  /** Sends `signal` to the child, or to its process group when it leads one (`group`). */
  signal: (signal: NodeJS.Signals) => void;
}

const TAIL_LINES = 40;

/** Runs `node <script> ...args` with piped output, prefixed per line. */
export function spawnNode(script: string, args: string[], options: SpawnOptions): NodeChild {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.group === true,
  });
  const lines: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > TAIL_LINES) lines.shift();
      if (options.echo !== false) process.stdout.write(`[${options.label}] ${line}\n`);
      options.onLine?.(line);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code) => resolve(code ?? 1));
    child.once('error', () => resolve(1));
  });
  const signal = (name: NodeJS.Signals) => {
    if (options.group && child.pid !== undefined) {
      try {
        process.kill(-child.pid, name);
      } catch {
        // The group has already gone.
      }
    } else child.kill(name);
  };
  return { child, tail: () => lines.join('\n'), exited, signal };
}

/**
 * Runs a node script to completion; resolves with its output tail (the last lines), rejects with it when it exits
 * non-zero.
 */
export async function runNode(script: string, args: string[], options: SpawnOptions): Promise<string> {
  const run = spawnNode(script, args, options);
  const code = await run.exited;
  if (code !== 0) throw new Error(`${options.label} exited with code ${code}\n${run.tail()}`);
  return run.tail();
}

/** Polls `url` until it answers (any status below 500, or exactly 200 when `ok200`), or fails after `timeoutMs`. */
export async function waitForHttp(
  url: string,
  {
    timeoutMs = 60_000,
    ok200 = false,
    child,
  }: { timeoutMs?: number; ok200?: boolean; child?: NodeChild } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  let exitCode: number | undefined;
  void child?.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`process exited (${exitCode}) before ${url} answered\n${child?.tail()}`);
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      if (ok200 ? response.status === 200 : response.status < 500) return;
      lastError = `status ${response.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `${url} did not answer within ${timeoutMs} ms (${lastError})${child ? `\n${child.tail()}` : ''}`,
  );
}

/** Sends SIGTERM, then SIGKILL after `graceMs` if the child is still running. */
export async function stopChild(run: NodeChild | undefined, graceMs = 10_000): Promise<void> {
  if (!run || run.child.exitCode !== null || run.child.signalCode !== null) return;
  run.signal('SIGTERM');
  const timer = setTimeout(() => run.signal('SIGKILL'), graceMs);
  await Promise.race([run.exited, once(run.child, 'exit')]);
  clearTimeout(timer);
}
