import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test as base } from '@playwright/test';

export const PASSWORD = 'Lantern-Orbit-Kite-42';
/** The administrator that the webServer's ADMIN_EMAIL/ADMIN_PASSWORD create at start-up. */
export const ADMIN = { email: 'admin@example.com', password: 'Admin12345' };
export const LANGUAGES = ['en', 'fr', 'de', 'it', 'rm'] as const;
export type Language = (typeof LANGUAGES)[number];

let counter = 0;
/** A fresh e-mail address per call, so that tests never share an account. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * Every test fails on an uncaught page error or on a Content-Security-Policy violation: the production
 * builds must run under the gateway's strict policy (no inline script, no eval).
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to (load|execute|evaluate)/i.test(message.text())) {
          problems.push(`CSP: ${message.text()}`);
        }
      });
      await use(problems);
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Registers (and so signs in) a user through the API, in the page's browser context. */
export async function registerByApi(page: Page, name: string, language: Language = 'en', email = uniqueEmail()) {
  const response = await page.request.post('/api/auth/register', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { name, email, password: PASSWORD, language },
  });
  expect(response.ok()).toBe(true);
  return { name, email };
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The mails to `email`, oldest first, as the services write mails to DATA_DIR/outbox without SMTP_URL. */
export function mailsTo(email: string): OutboxMail[] {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => entry.name)
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as OutboxMail)
    .filter((mail) => mail.to === email);
}

/** The first link matching `pattern` in the newest mail to `email` that has one. */
export async function mailLinkFor(email: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      link = mailsTo(email)
        .reverse()
        .map((mail) => pattern.exec(mail.text)?.[0])
        .find(Boolean);
      return link;
    })
    .toBeTruthy();
  return link ?? '';
}

/** The reset (or invitation) link of the newest such mail to `email`. */
export const resetLinkFor = (email: string) => mailLinkFor(email, /https?:\/\/\S+\/reset-password\?token=[\w-]+/);

/** The path and query of a full URL, so that the page stays on the test's base URL. */
export const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};
