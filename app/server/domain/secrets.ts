/** Random secrets and their stored digests (tokens and session ids are stored hashed). */
import { createHash, randomBytes } from 'node:crypto';

const SECRET_BYTES = 32;

/** A new random secret, URL-safe. */
export function randomSecret(bytes = SECRET_BYTES): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 digest (hex) under which a secret is stored and looked up. */
export function digestSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
