import { describe, expect, it } from '@jest/globals';
import { LANGUAGES } from '@portal/contracts/languages';
import { LIMITS } from '@portal/contracts/rules';
import { onboardingMail, resetMail } from '../src/domain/mails.ts';

const LINK = 'https://portal.example/reset-password?token=abc&next=1';
const KINDS = ['invite', 'verify', 'alreadyRegistered', 'inviteOnly'] as const;

describe("the auth service's mails", () => {
  it.each(LANGUAGES)(
    'when each mail is written in %s, then it greets by name, says how long its link lasts, and escapes what it puts in HTML',
    (language) => {
      const reset = resetMail(language, 'Zoë <Admin>', LINK);
      expect(reset.text).toContain('Zoë <Admin>');
      expect(reset.html).toContain('Zoë &#60;Admin&#62;');
      expect(reset.text).toContain(`${LIMITS.resetTokenTtlMinutes}`);
      expect(reset.text).toContain(LINK);
      expect(reset.html).toContain('href="https://portal.example/reset-password?token=abc&#38;next=1"');
      expect(onboardingMail('invite', language, { name: 'Zoë', link: LINK, days: 7 }).text).toContain('7');
      for (const kind of KINDS) {
        const mail = onboardingMail(kind, language, { link: LINK, days: 3 });
        expect(mail.subject).not.toBe('');
        expect(mail.text).not.toContain('{{');
        // Registration by invitation only has nothing to follow: its mail names no link.
        expect(mail.text.includes(LINK)).toBe(kind !== 'inviteOnly');
      }
    },
  );

  it('when a mail is written in another language than English, then none of its texts is the English one', () => {
    const english = [resetMail('en', 'A', LINK), ...KINDS.map((kind) => onboardingMail(kind, 'en', { link: LINK }))];
    for (const language of LANGUAGES.filter((other) => other !== 'en')) {
      const mails = [
        resetMail(language, 'A', LINK),
        ...KINDS.map((kind) => onboardingMail(kind, language, { link: LINK })),
      ];
      mails.forEach((mail, index) => {
        expect(mail.subject).not.toBe(english[index]?.subject);
        expect(mail.text.split('\n\n')).not.toEqual(expect.arrayContaining([english[index]?.text.split('\n\n')[1]]));
      });
    }
  });
});
