/**
 * `TRUST_PROXY`, parsed the same way by the storefront and the back-office: which peers may tell us the client's
 * address in `X-Forwarded-For`. The result is what Fastify's `trustProxy` option takes.
 *  - `false` (default, also `0` or empty): nobody; the socket's peer is the client.
 *  - a hop count (`1`, `2`): trust that many proxies in front of us, whoever they are.
 *  - a comma-separated list of proxy addresses or CIDRs (`127.0.0.1`, `10.0.0.0/8`): trust exactly those peers.
 *  - `true`: trust any peer. Safe only when every request passes a proxy that overwrites the header.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

export type TrustProxy = boolean | number | string[];

export const TRUST_PROXY_MESSAGE =
  'must be false, true, a number of proxy hops, or a comma-separated list of proxy addresses/CIDRs';

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY; throws an Error with TRUST_PROXY_MESSAGE for anything else. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0 || !entries.every(isAddressOrCidr)) throw new Error(TRUST_PROXY_MESSAGE);
  return entries;
}

/** The form Fastify's `trustProxy` option takes: a hop count becomes "trust the nearest N peers". */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** The environment variable as a zod field, for the storefront's and the back-office's env schemas. */
export const trustProxyEnv = z
  .string()
  .optional()
  .transform((value, context): TrustProxy => {
    try {
      return parseTrustProxy(value);
    } catch {
      context.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
      return z.NEVER;
    }
  });
