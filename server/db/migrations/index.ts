import type { Migration } from 'kysely';
import * as m0001 from './0001_identity_and_access';

/**
 * Every migration, in order. A static record rather than a folder scan so the bundled server
 * (scripts/build-server.mjs) carries them. Never edit a released migration: add the next file.
 */
export const migrations: Record<string, Migration> = {
  '0001_identity_and_access': m0001,
};
