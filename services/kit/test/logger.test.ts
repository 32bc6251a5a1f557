import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { createLogger } from '../src/logger.ts';

function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: createLogger('test', 'info', destination), text: () => lines.join('') };
}

describe('the logger', () => {
  it('when a database error is logged, then neither its parameters nor the values of its detail are written', async () => {
    const db = new PGlite();
    await db.exec('create table users (email text unique, password_hash text)');
    const row = ['mia@example.ch', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g'];
    await db.query('insert into users values ($1, $2)', row);
    const error = await db.query('insert into users values ($1, $2)', row).catch((caught: unknown) => caught);
    await db.close();
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).toContain('mia@example.ch');

    const { logger, text } = capturedLogger();
    logger.error({ err: new Error('request failed', { cause: error }) }, 'request failed');
    const written = text();
    expect(written).toContain('duplicate key value violates unique constraint');
    expect(written).toContain('23505');
    expect(written).not.toContain('mia@example.ch');
    expect(written).not.toContain('$argon2');
  });

  it('when a payload with secrets is logged, then they are redacted', () => {
    const { logger, text } = capturedLogger();
    logger.info({ body: { password: 'Quiet-harbour-lantern-7', token: 'abc' }, req: { headers: { cookie: 'x=1' } } });
    expect(text()).not.toMatch(/Quiet-harbour-lantern-7|abc|x=1/);
  });
});
