import type { Language } from '@portal/contracts/languages';

/** The mails of onboarding: an invitation, an address to confirm, and the two answers to a registration that
 * creates nothing (the account exists; registration is by invitation only). */
export type OnboardingMailKind = 'invite' | 'verify' | 'alreadyRegistered' | 'inviteOnly';

interface MailText {
  subject: string;
  body: string;
  /** The link's label; the mails without a link to follow have none. */
  action?: string;
  closing: string;
}

const GREETING: Record<Language, (name: string | undefined) => string> = {
  en: (name) => (name ? `Hello ${name},` : 'Hello,'),
  fr: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  de: (name) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
  it: (name) => (name ? `Buongiorno ${name},` : 'Buongiorno,'),
  rm: (name) => (name ? `Bun di ${name},` : 'Bun di,'),
};

const TEXTS: Record<OnboardingMailKind, Record<Language, (days: number) => MailText>> = {
  invite: {
    en: (days) => ({
      subject: 'You are invited to the Course Portal',
      body: `an administrator has created a Course Portal account for you. Choose your password with the link below; it is valid for ${days} days and can be used once.`,
      action: 'Choose your password',
      closing: 'If you did not expect this invitation, ignore this e-mail.',
    }),
    fr: (days) => ({
      subject: 'Vous êtes invité au portail de cours',
      body: `un administrateur vous a créé un compte sur le portail de cours. Choisissez votre mot de passe avec le lien ci-dessous ; il est valable ${days} jours et ne peut être utilisé qu’une seule fois.`,
      action: 'Choisir votre mot de passe',
      closing: 'Si vous n’attendiez pas cette invitation, ignorez cet e-mail.',
    }),
    de: (days) => ({
      subject: 'Sie sind zum Kursportal eingeladen',
      body: `eine Administratorin oder ein Administrator hat Ihnen ein Konto im Kursportal eingerichtet. Wählen Sie Ihr Passwort über den folgenden Link; er ist ${days} Tage gültig und kann einmal verwendet werden.`,
      action: 'Passwort wählen',
      closing: 'Falls Sie diese Einladung nicht erwartet haben, ignorieren Sie diese E-Mail.',
    }),
    it: (days) => ({
      subject: 'Sei invitato al portale dei corsi',
      body: `un amministratore ha creato per te un account del portale dei corsi. Scegli la tua password con il link qui sotto; è valido per ${days} giorni e può essere usato una sola volta.`,
      action: 'Scegli la tua password',
      closing: 'Se non ti aspettavi questo invito, ignora questa e-mail.',
    }),
    rm: (days) => ({
      subject: 'Vus essas envidà al portal da curs',
      body: `in administratur ha creà per Vus in conto dal portal da curs. Tschernì Voss pled-clav cun la colliaziun sutvart; ella è valaivla ${days} dis e po vegnir duvrada ina giada.`,
      action: 'Tscherner Voss pled-clav',
      closing: 'Sche Vus n’avais betg spetgà quest invit, ignorai quest e-mail.',
    }),
  },
  verify: {
    en: (days) => ({
      subject: 'Confirm your e-mail address for the Course Portal',
      body: `you have registered with the Course Portal. Confirm your address with the link below to activate your account; it is valid for ${days} days.`,
      action: 'Confirm my address',
      closing: 'If you did not register, ignore this e-mail: no account will be activated.',
    }),
    fr: (days) => ({
      subject: 'Confirmez votre adresse e-mail pour le portail de cours',
      body: `vous vous êtes inscrit sur le portail de cours. Confirmez votre adresse avec le lien ci-dessous pour activer votre compte ; il est valable ${days} jours.`,
      action: 'Confirmer mon adresse',
      closing: 'Si vous ne vous êtes pas inscrit, ignorez cet e-mail : aucun compte ne sera activé.',
    }),
    de: (days) => ({
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse für das Kursportal',
      body: `Sie haben sich im Kursportal registriert. Bestätigen Sie Ihre Adresse über den folgenden Link, um Ihr Konto zu aktivieren; er ist ${days} Tage gültig.`,
      action: 'Adresse bestätigen',
      closing: 'Falls Sie sich nicht registriert haben, ignorieren Sie diese E-Mail: Es wird kein Konto aktiviert.',
    }),
    it: (days) => ({
      subject: 'Conferma il tuo indirizzo e-mail per il portale dei corsi',
      body: `ti sei registrato al portale dei corsi. Conferma il tuo indirizzo con il link qui sotto per attivare il tuo account; è valido per ${days} giorni.`,
      action: 'Conferma il mio indirizzo',
      closing: 'Se non ti sei registrato, ignora questa e-mail: nessun account verrà attivato.',
    }),
    rm: (days) => ({
      subject: 'Confermai Vossa adressa dad e-mail per il portal da curs',
      body: `Vus As avais registrà en il portal da curs. Confermai Vossa adressa cun la colliaziun sutvart per activar Voss conto; ella è valaivla ${days} dis.`,
      action: 'Confermar mia adressa',
      closing: 'Sche Vus n’As avais betg registrà, ignorai quest e-mail: nagin conto na vegn activà.',
    }),
  },
  alreadyRegistered: {
    en: () => ({
      subject: 'You already have a Course Portal account',
      body: 'someone tried to register with this address, but it already has an account. Sign in, or ask for a new password on the sign-in page if you have forgotten it.',
      action: 'Sign in',
      closing: 'If this was not you, ignore this e-mail: nothing has changed.',
    }),
    fr: () => ({
      subject: 'Vous avez déjà un compte sur le portail de cours',
      body: 'quelqu’un a tenté de s’inscrire avec cette adresse, mais elle a déjà un compte. Connectez-vous, ou demandez un nouveau mot de passe sur la page de connexion si vous l’avez oublié.',
      action: 'Se connecter',
      closing: 'Si ce n’était pas vous, ignorez cet e-mail : rien n’a changé.',
    }),
    de: () => ({
      subject: 'Sie haben bereits ein Konto im Kursportal',
      body: 'jemand wollte sich mit dieser Adresse registrieren, doch sie hat bereits ein Konto. Melden Sie sich an oder verlangen Sie auf der Anmeldeseite ein neues Passwort, falls Sie es vergessen haben.',
      action: 'Anmelden',
      closing: 'Falls das nicht Sie waren, ignorieren Sie diese E-Mail: Es hat sich nichts geändert.',
    }),
    it: () => ({
      subject: 'Hai già un account del portale dei corsi',
      body: 'qualcuno ha provato a registrarsi con questo indirizzo, ma ha già un account. Accedi, oppure chiedi una nuova password nella pagina di accesso se l’hai dimenticata.',
      action: 'Accedi',
      closing: 'Se non eri tu, ignora questa e-mail: non è cambiato nulla.',
    }),
    rm: () => ({
      subject: 'Vus avais gia in conto dal portal da curs',
      body: 'insatgi ha empruvà da sa registrar cun questa adressa, ma ella ha gia in conto. S’annunziai, u dumandai in nov pled-clav sin la pagina d’annunzia, sche Vus al avais emblidà.',
      action: 'S’annunziar',
      closing: 'Sche quai n’eras betg Vus, ignorai quest e-mail: nagut n’è sa midà.',
    }),
  },
  inviteOnly: {
    en: () => ({
      subject: 'Course Portal accounts are by invitation',
      body: 'someone tried to register with this address. Accounts of this Course Portal are created by its administrators: ask them for an invitation.',
      closing: 'If this was not you, ignore this e-mail: no account has been created.',
    }),
    fr: () => ({
      subject: 'Les comptes du portail de cours sont sur invitation',
      body: 'quelqu’un a tenté de s’inscrire avec cette adresse. Les comptes de ce portail de cours sont créés par ses administrateurs : demandez-leur une invitation.',
      closing: 'Si ce n’était pas vous, ignorez cet e-mail : aucun compte n’a été créé.',
    }),
    de: () => ({
      subject: 'Konten des Kursportals gibt es auf Einladung',
      body: 'jemand wollte sich mit dieser Adresse registrieren. Die Konten dieses Kursportals richten seine Administratoren ein: Bitten Sie sie um eine Einladung.',
      closing: 'Falls das nicht Sie waren, ignorieren Sie diese E-Mail: Es wurde kein Konto eingerichtet.',
    }),
    it: () => ({
      subject: 'Gli account del portale dei corsi sono su invito',
      body: 'qualcuno ha provato a registrarsi con questo indirizzo. Gli account di questo portale dei corsi sono creati dai suoi amministratori: chiedi loro un invito.',
      closing: 'Se non eri tu, ignora questa e-mail: nessun account è stato creato.',
    }),
    rm: () => ({
      subject: 'Ils contos dal portal da curs dat i sin invit',
      body: 'insatgi ha empruvà da sa registrar cun questa adressa. Ils contos da quest portal da curs creeschan ses administraturs: dumandai els per in invit.',
      closing: 'Sche quai n’eras betg Vus, ignorai quest e-mail: nagin conto n’è vegnì creà.',
    }),
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** One onboarding mail in the recipient's language; `days` is how long its link is valid. */
export function onboardingMail(
  kind: OnboardingMailKind,
  language: Language,
  options: { name?: string | undefined; link: string; days?: number },
) {
  const text = TEXTS[kind][language](options.days ?? 0);
  const greeting = GREETING[language](options.name);
  const action = text.action ? `${text.action}: ${options.link}\n\n` : '';
  const actionHtml = text.action ? `<p><a href="${escapeHtml(options.link)}">${escapeHtml(text.action)}</a></p>` : '';
  return {
    subject: text.subject,
    text: `${greeting}\n\n${text.body}\n\n${action}${text.closing}\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(text.body)}</p>${actionHtml}<p>${escapeHtml(text.closing)}</p>`,
  };
}
