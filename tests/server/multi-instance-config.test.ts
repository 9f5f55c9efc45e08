/**
 * MULTI_INSTANCE=on (issue #19): start-up refuses what several instances cannot share — files on one
 * instance's disk, the embedded database, a secret generated per data directory — naming each problem.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

const SHARED = {
  MULTI_INSTANCE: 'on',
  DATABASE_URL: 'postgres://merchant@db:5432/merchant',
  TOKEN_SECRET: 's'.repeat(40),
  FILE_STORAGE: 's3',
  S3_BUCKET: 'uploads',
  S3_ENDPOINT: 'http://minio:9000',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('MULTI_INSTANCE', () => {
  it('is off by default, and then local storage and the embedded database are fine', () => {
    expect(loadConfig({}, '/srv').multiInstance).toBe(false);
    expect(loadConfig({ MULTI_INSTANCE: 'off' }, '/srv').fileStorage).toEqual({ kind: 'local' });
  });

  it('starts with PostgreSQL, one TOKEN_SECRET and the S3 store', () => {
    const config = loadConfig(SHARED, '/srv');
    expect(config.multiInstance).toBe(true);
    expect(config.fileStorage.kind).toBe('s3');
  });

  it('refuses local file storage with a message that says what to set', () => {
    const { FILE_STORAGE: _storage, S3_BUCKET: _bucket, S3_ENDPOINT: _endpoint, ...onDisk } = SHARED;
    const problems = problemsOf(onDisk);
    expect(problems).toEqual([
      "MULTI_INSTANCE=on refuses FILE_STORAGE=local: a file uploaded to one instance's disk is missing on the others; set FILE_STORAGE=s3 and the S3_* variables (S3_BUCKET, S3_ENDPOINT …)",
    ]);
    expect(() => loadConfig({ ...onDisk, FILE_STORAGE: 'local' }, '/srv')).toThrow(/^Invalid configuration:\n {2}- MULTI_INSTANCE=on refuses FILE_STORAGE=local/);
  });

  it('refuses the embedded database and a generated secret, every problem named at once', () => {
    expect(problemsOf({ MULTI_INSTANCE: 'on' })).toEqual([
      'MULTI_INSTANCE=on needs DATABASE_URL: the embedded database belongs to one process, several instances share one PostgreSQL',
      'MULTI_INSTANCE=on needs TOKEN_SECRET: a secret generated into each DATA_DIR differs per instance, so a session signed by one would be refused by another',
      "MULTI_INSTANCE=on refuses FILE_STORAGE=local: a file uploaded to one instance's disk is missing on the others; set FILE_STORAGE=s3 and the S3_* variables (S3_BUCKET, S3_ENDPOINT …)",
    ]);
  });

  it('takes only on or off', () => {
    expect(problemsOf({ MULTI_INSTANCE: '2' })).toEqual(['MULTI_INSTANCE must be "on" or "off" (got "2")']);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default; takes addresses, CIDR ranges and proxy-addr’s range names', () => {
    expect(loadConfig({}, '/srv').trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'off' }, '/srv').trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,fd00::/8,uniquelocal' }, '/srv').trustProxy).toEqual(['10.0.0.5', '172.16.0.0/12', 'fd00::/8', 'uniquelocal']);
  });

  it('refuses anything else, naming the entries', () => {
    expect(problemsOf({ TRUST_PROXY: 'true,10.0.0.0/33,10.0.0.1/8/1,lb.local' })).toEqual([
      'TRUST_PROXY must be "off" or a comma-separated list of addresses, CIDR ranges or loopback / linklocal / uniquelocal (not "true", "10.0.0.0/33", "10.0.0.1/8/1", "lb.local")',
    ]);
  });
});
