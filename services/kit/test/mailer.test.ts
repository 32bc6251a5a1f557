import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { createLogger } from '@portal/kit/logger';
import { createMailer } from '@portal/kit/mailer';

describe('the outbox mailer', () => {
  let outboxDir: string;
  afterEach(() => rmSync(outboxDir, { recursive: true, force: true }));

  it('when the outbox folder is read while large mails are being written, then every mail read is whole', async () => {
    outboxDir = mkdtempSync(path.join(tmpdir(), 'portal-outbox-'));
    const logger = createLogger('mailer-test', 'silent');
    const mailer = createMailer({ from: 'Portal <no-reply@portal.test>', outboxDir, logger });
    const text = 'x'.repeat(4 * 1024 * 1024);
    const sending = Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        mailer.send({ to: `person${index}@portal.test`, subject: 'Big', text, html: '' }),
      ),
    );
    let done = false;
    void sending.finally(() => {
      done = true;
    });
    while (!done) {
      const files = readdirSync(outboxDir, { withFileTypes: true }).filter(
        (entry) => entry.isFile() && entry.name.endsWith('.json'),
      );
      for (const file of files) {
        const mail = JSON.parse(readFileSync(path.join(outboxDir, file.name), 'utf8')) as { to: string };
        expect(mail.to).toMatch(/^person\d@portal\.test$/);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    await sending;
    const recipients = readdirSync(outboxDir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => (JSON.parse(readFileSync(path.join(outboxDir, name), 'utf8')) as { to: string }).to);
    expect(recipients.sort()).toEqual(Array.from({ length: 8 }, (_, index) => `person${index}@portal.test`));
    expect(readdirSync(outboxDir).filter((name) => !name.endsWith('.json'))).toEqual([]);
  });
});
