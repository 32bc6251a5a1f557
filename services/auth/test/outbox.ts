import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The mails written to the outbox (no SMTP_URL) for one address, waiting until `count` have arrived. */
export async function mailsTo(dataDir: string, to: string, count = 1): Promise<OutboxMail[]> {
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    const mails = await Promise.all(
      files
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map(async (file) => JSON.parse(await readFile(path.join(outbox, file), 'utf8')) as OutboxMail),
    );
    const mine = mails.filter((mail) => mail.to === to);
    if (mine.length >= count) return mine;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} mails to ${to}`);
}

export const tokenOf = (mail: OutboxMail, page: string) => {
  const match = mail.text.match(new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`no ${page} link in: ${mail.text}`);
  return match[1];
};
