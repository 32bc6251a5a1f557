import type { Language } from '@portal/contracts/languages';
import { LIMITS } from '@portal/contracts/rules';
import { composeMail } from '@portal/kit/mailer';
import { serviceTexts } from '@portal/kit/texts';
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import fr from '../locales/fr.json' with { type: 'json' };
import it from '../locales/it.json' with { type: 'json' };
import rm from '../locales/rm.json' with { type: 'json' };

// Values are escaped where the HTML part is made (composeMail), not by i18next: the plain text takes them as they are.
const translator = serviceTexts('auth', { en, fr, de, it, rm }, { interpolation: { escapeValue: false } });

/** The mails of onboarding: an invitation (to choose a password, or to sign in with the company account), an address
 * to confirm, and the two answers to a registration that creates nothing (the account exists; registration is by
 * invitation only). */
export type OnboardingMailKind = 'invite' | 'inviteCompany' | 'verify' | 'alreadyRegistered' | 'inviteOnly';

/** One of the service's mails in the recipient's language; a mail whose texts have no action has no link. */
function mail(
  kind: OnboardingMailKind | 'reset',
  language: Language,
  options: { name?: string | undefined; link: string; values: Record<string, number> },
) {
  const t = translator(language);
  const label = t(`mails.${kind}.action`, { defaultValue: '' });
  return composeMail(
    t(`mails.${kind}.subject`),
    [
      options.name ? t('mails.greeting', { name: options.name }) : t('mails.greetingWithoutName'),
      t(`mails.${kind}.body`, options.values),
    ],
    label ? { label, link: options.link } : undefined,
    t(`mails.${kind}.closing`),
  );
}

/** One onboarding mail in the recipient's language; `days` is how long its link is valid. */
export function onboardingMail(
  kind: OnboardingMailKind,
  language: Language,
  options: { name?: string | undefined; link: string; days?: number },
) {
  return mail(kind, language, { name: options.name, link: options.link, values: { days: options.days ?? 0 } });
}

/** The password-reset e-mail, in the user's language. */
export function resetMail(language: Language, name: string, link: string) {
  return mail('reset', language, { name, link, values: { minutes: LIMITS.resetTokenTtlMinutes } });
}
