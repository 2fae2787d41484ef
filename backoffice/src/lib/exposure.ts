/**
 * Who may reach what on the back-office's port (issue 22, docs/decisions.md "Exposing the console"). The port can
 * be opened to the company network for the console: `/admin` and the staff calls made with a staff session or a
 * machine token answer from loopback and `CONSOLE_ALLOWED_IPS`; calls with the API key, previews and the API
 * documents answer from this machine only; the shop's public calls answer anyone, as storefront servers call them.
 * The client is `request.ip`, worked out by `TRUST_PROXY` like every per-client rule.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return (isIPv4(plain) && plain.startsWith('127.')) || plain === '::1';
}

/** A matcher of addresses against a list of addresses and CIDRs (validated by the configuration). */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
    return list.check(plain, isIPv6(plain) ? 'ipv6' : 'ipv4');
  };
}

export const addressNotAllowed = () =>
  new ApiError(403, 'address_not_allowed', 'This call is not answered from your address');

/** From this machine: both the connection and the client it names are loopback. */
export function fromThisMachine(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip);
}

/** The API key, the API documents: this machine only. */
export function requireThisMachine(request: FastifyRequest): void {
  if (!fromThisMachine(request)) throw addressNotAllowed();
}

/**
 * A preview: the connection must come from this machine (the storefront, which names the visitor it serves as the
 * client, so that failed guesses count against that visitor).
 */
export function requireLocalConnection(request: FastifyRequest): void {
  if (!isLoopback(request.socket.remoteAddress)) throw addressNotAllowed();
}

const consoleMatchers = new WeakMap<object, (address: string) => boolean>();

/** Whether the client may use the console: loopback, or an address of `CONSOLE_ALLOWED_IPS`. */
export function consoleAddressAllowed(request: FastifyRequest): boolean {
  const { config } = request.server;
  let allowed = consoleMatchers.get(config);
  if (!allowed) {
    allowed = addressMatcher(config.consoleAllowedIps);
    consoleMatchers.set(config, allowed);
  }
  return isLoopback(request.ip) || allowed(request.ip);
}

/** `/admin`, the staff sign-in calls and every call made with a staff session or a machine token. */
export function requireConsoleAddress(request: FastifyRequest): void {
  if (!consoleAddressAllowed(request)) throw addressNotAllowed();
}
