import type { Language } from '@portal/contracts/languages';
import { LIMITS } from '@portal/contracts/rules';

interface MailText {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  ignore: string;
}

const minutes = LIMITS.resetTokenTtlMinutes;

const TEXTS: Record<Language, MailText> = {
  en: {
    subject: 'Reset your Course Portal password',
    greeting: (name) => `Hello ${name},`,
    body: `someone asked to reset the password of your Course Portal account. The link below is valid for ${minutes} minutes and can be used once.`,
    action: 'Choose a new password',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe du portail de cours',
    greeting: (name) => `Bonjour ${name},`,
    body: `quelqu’un a demandé la réinitialisation du mot de passe de votre compte du portail de cours. Le lien ci-dessous est valable ${minutes} minutes et ne peut être utilisé qu’une seule fois.`,
    action: 'Choisir un nouveau mot de passe',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  de: {
    subject: 'Setzen Sie Ihr Passwort für das Kursportal zurück',
    greeting: (name) => `Guten Tag ${name},`,
    body: `jemand hat verlangt, das Passwort Ihres Kontos im Kursportal zurückzusetzen. Der folgende Link ist ${minutes} Minuten gültig und kann einmal verwendet werden.`,
    action: 'Neues Passwort wählen',
    ignore: 'Falls Sie dies nicht verlangt haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
  it: {
    subject: 'Reimposta la password del portale dei corsi',
    greeting: (name) => `Buongiorno ${name},`,
    body: `qualcuno ha chiesto di reimpostare la password del tuo account del portale dei corsi. Il link qui sotto è valido per ${minutes} minuti e può essere usato una sola volta.`,
    action: 'Scegli una nuova password',
    ignore: 'Se non hai fatto tu questa richiesta, ignora questa e-mail: la tua password resta invariata.',
  },
  rm: {
    subject: 'Redefinir Voss pled-clav dal portal da curs',
    greeting: (name) => `Bun di ${name},`,
    body: `insatgi ha dumandà da redefinir il pled-clav da Voss conto dal portal da curs. La colliaziun sutvart è valaivla ${minutes} minutas e po vegnir duvrada ina giada.`,
    action: 'Tscherner in nov pled-clav',
    ignore: 'Sche Vus n’avais betg dumandà quai, ignorai quest e-mail: Voss pled-clav resta sco ch’el è.',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The password-reset e-mail, in the user's language. */
export function resetMail(language: Language, name: string, link: string) {
  const text = TEXTS[language];
  return {
    subject: text.subject,
    text: `${text.greeting(name)}\n\n${text.body}\n\n${text.action}: ${link}\n\n${text.ignore}\n`,
    html: `<p>${escapeHtml(text.greeting(name))}</p><p>${escapeHtml(text.body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(text.action)}</a></p><p>${escapeHtml(text.ignore)}</p>`,
  };
}
