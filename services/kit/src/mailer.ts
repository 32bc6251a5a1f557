import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { escapeHtml } from '@portal/kit/html';
import type { Logger } from '@portal/kit/logger';
import nodemailer from 'nodemailer';
import { z } from 'zod';

/** The settings of every service that sends e-mail: where its links point, the SMTP server and the sender. */
export const mailConfigShape = {
  /** Where links in e-mails point: the portal's public address. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** Unset, e-mails are written to DATA_DIR/outbox for a developer to open. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Course Portal <no-reply@localhost>'),
};

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A mail's plain-text and HTML parts from its paragraphs, the link to follow (if any) and its closing line:
 * every service's mails look alike. A paragraph's line breaks stay line breaks in HTML.
 */
export function composeMail(
  subject: string,
  paragraphs: string[],
  action: { label: string; link: string } | undefined,
  closing: string,
): Omit<Mail, 'to'> {
  return {
    subject,
    text: [...paragraphs, ...(action ? [`${action.label}: ${action.link}`] : []), closing].join('\n\n') + '\n',
    html: [
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`),
      action ? `<p><a href="${escapeHtml(action.link)}">${escapeHtml(action.label)}</a></p>` : '',
      `<p>${escapeHtml(closing)}</p>`,
    ].join(''),
  };
}

export interface Mailer {
  /** 'outbox' writes files instead of sending: links are then logged for the developer. */
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/** SMTP when configured; otherwise each message is written to the outbox folder for a developer to open. */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.json`,
      );
      // Written aside and renamed: whoever reads the folder sees a whole mail or none, never half of one.
      await writeFile(`${file}.partial`, JSON.stringify({ from: options.from, ...mail }, null, 2), { mode: 0o600 });
      await rename(`${file}.partial`, file);
      options.logger.info({ file }, 'no SMTP_URL: e-mail written to the outbox folder');
    },
  };
}
