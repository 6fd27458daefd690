import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KNOWN_VARIABLES, configFromEnv } from '../../src/server/config.js';
import { EnvFileError, parseEnvFile, withEnvFile } from '../../src/server/env-file.js';

const parse = (text: string) => parseEnvFile(text, 'env', KNOWN_VARIABLES);

describe('the environment file', () => {
  it('takes each value verbatim: a JSON schedule keeps its quotes', () => {
    const schedule = '[{"key":"hourly","every":"hour","atMinute":0,"settings":{"name":"A b"}}]';
    expect(
      parse(
        [
          '# the service',
          '',
          'HOST=127.0.0.1',
          `TOURNAMENT_SCHEDULE=${schedule}`,
          'ALLOWED_ORIGINS=https://a.example, https://b.example',
          'REDIS_PREFIX=',
          'PUBLIC_URL=https://c4.example.org\r',
        ].join('\n'),
      ),
    ).toEqual({
      HOST: '127.0.0.1',
      TOURNAMENT_SCHEDULE: schedule,
      ALLOWED_ORIGINS: 'https://a.example, https://b.example',
      REDIS_PREFIX: '',
      PUBLIC_URL: 'https://c4.example.org',
    });
  });

  it.each([
    ['PG_POOLSIZE=30', /line 1: unknown variable PG_POOLSIZE/],
    ['export HOST=127.0.0.1', /line 1: expected NAME=value/],
    ['HOST = 127.0.0.1', /line 1: expected NAME=value/],
    ['HOST=a\nHOST=b', /line 2: HOST is set twice/],
    ['PUBLIC_URL="https://c4.example.org"', /line 1: PUBLIC_URL's value is quoted/],
  ])('refuses %j, naming the line', (text, message) => {
    expect(() => parse(text)).toThrow(EnvFileError);
    expect(() => parse(text)).toThrow(message);
  });

  it('is overridden by the process environment (a unit sets PORT per instance)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'c4-env-'));
    try {
      const file = path.join(dir, 'env');
      writeFileSync(file, 'PORT=3001\nPG_POOL_SIZE=30\n');
      const env = withEnvFile({ PORT: '3002' }, file, KNOWN_VARIABLES);
      expect(configFromEnv(env, '.')).toMatchObject({ port: 3002, pgPoolSize: 30 });
      expect(() => withEnvFile({}, path.join(dir, 'missing'), KNOWN_VARIABLES)).toThrow(
        /cannot read .*missing/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a bad configuration names every bad variable', () => {
    expect(() => configFromEnv({ PG_POOL_SIZE: '0', LOG_LEVEL: 'loud' }, '.')).toThrow(
      /PG_POOL_SIZE: .*; LOG_LEVEL: /,
    );
  });
});
