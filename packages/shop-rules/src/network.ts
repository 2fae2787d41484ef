/** Loopback networking both sides' servers and test harnesses share (node only). */
import { createServer, type AddressInfo } from 'node:net';

/**
 * Socket error codes of a connection that was refused, reset, dropped or never reached: the other side is down,
 * restarting or unreachable, not answering badly (the storefront's forwarded calls, the back-office's database).
 */
export const CONNECTION_FAILURE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** A loopback port nobody listens on now (the system picks it), for a server a test or a tool starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
