import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The HS256 key: TOKEN_SECRET when configured, else 64 random bytes generated once into
 * `${dataDir}/token-secret` (mode 0600) so tokens survive restarts and each install has its own key.
 */
export function loadTokenSecret(dataDir: string, configured: string | null = null): Uint8Array {
  if (configured !== null) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'token-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(64).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url');
  if (secret.length < 32) throw new Error(`${file} holds fewer than 32 bytes; delete it to generate a new secret`);
  return new Uint8Array(secret);
}
