/**
 * Bearer tokens (baskets, sessions, link tokens, order access): 32 random bytes, and only their SHA-256 is stored,
 * so a copy of the database opens nothing.
 */
import { createHash, randomBytes } from 'node:crypto';

export const newToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
