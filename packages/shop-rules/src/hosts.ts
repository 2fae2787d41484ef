/**
 * Host names, read the same way by the storefront (which site a request is for) and the back-office (which site
 * answers the lookup of spec §7).
 */
import { z } from 'zod';

/** Characters that cannot be part of a Host value (a path, a user, a list, spaces). */
const NOT_A_HOST = /[\s/\\?#@,]/;

/**
 * The host name of a `Host` / `X-Forwarded-Host` value (`Shop.Example.co.uk:443`, `[::1]:4321`): lower-case,
 * without port or trailing dot, IDNA-normalised by the URL parser. `undefined` for anything that is not one host.
 */
export function hostName(value: string | null | undefined): string | undefined {
  const raw = (value ?? '').trim();
  if (raw === '' || raw.length > 300 || NOT_A_HOST.test(raw)) return undefined;
  try {
    const host = new URL(`http://${raw}`).hostname.replace(/\.$/, '');
    return host === '' ? undefined : host;
  } catch {
    return undefined;
  }
}

/** `SITE_HOSTS` as a zod field: extra host names the UK site answers for, comma-separated, without scheme or port. */
export const siteHostsEnv = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine(
    (hosts) => hosts.every((host) => hostName(host) === host),
    'must be a comma-separated list of host names without scheme or port, such as shop.example.co.uk,localhost',
  );
