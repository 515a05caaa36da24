import { describe, expect, it } from 'vitest';
import { unavailableDependency } from './dependency-error.ts';

function withFields(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe('unavailableDependency', () => {
  it('names the database for PostgreSQL shutting down, starting up or out of reach', () => {
    for (const code of ['57P01', '57P03', '08006', '53300']) {
      expect(unavailableDependency(withFields('x', { code }))).toBe('database');
    }
    expect(unavailableDependency(new Error('Connection terminated unexpectedly'))).toBe('database');
    expect(unavailableDependency(new Error('timeout exceeded when trying to connect'))).toBe(
      'database',
    );
    // drizzle wraps the driver's error in one of its own.
    const wrapped = new Error('Failed query: select 1', {
      cause: withFields('terminating connection due to administrator command', { code: '57P01' }),
    });
    expect(unavailableDependency(wrapped)).toBe('database');
  });

  it('names Redis for a command that gave up on the connection', () => {
    expect(unavailableDependency(withFields('x', { name: 'MaxRetriesPerRequestError' }))).toBe(
      'redis',
    );
    expect(unavailableDependency(new Error('Connection is closed.'))).toBe('redis');
    expect(unavailableDependency(new Error('Command timed out'))).toBe('redis');
  });

  it('names storage for an S3 request without an answer or with a 5xx', () => {
    const refused = withFields('connect ECONNREFUSED 127.0.0.1:9', {
      code: 'ECONNREFUSED',
      $metadata: {},
    });
    expect(unavailableDependency(refused)).toBe('storage');
    const timeout = withFields('timed out', { name: 'TimeoutError', $metadata: {} });
    expect(unavailableDependency(timeout)).toBe('storage');
    const slowDown = withFields('SlowDown', { $metadata: { httpStatusCode: 503 } });
    expect(unavailableDependency(slowDown)).toBe('storage');
  });

  it('finds a refused connection inside an AggregateError', () => {
    const refused = new AggregateError([withFields('x', { code: 'ECONNREFUSED' })], 'failed');
    expect(unavailableDependency(refused)).toBe('network');
  });

  it('leaves bugs, bad input and S3 answers about the request itself alone', () => {
    expect(unavailableDependency(new TypeError('x is undefined'))).toBeUndefined();
    expect(unavailableDependency(withFields('dup', { code: '23505' }))).toBeUndefined();
    expect(
      unavailableDependency(withFields('NoSuchKey', { $metadata: { httpStatusCode: 404 } })),
    ).toBeUndefined();
    expect(
      unavailableDependency(withFields('denied', { $metadata: { httpStatusCode: 403 } })),
    ).toBeUndefined();
    expect(unavailableDependency('a string')).toBeUndefined();
    expect(unavailableDependency(undefined)).toBeUndefined();
  });
});
