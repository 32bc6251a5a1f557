import type { CourseInput, CourseTextInput } from '@portal/contracts/courses';
import type { Language } from '@portal/contracts/languages';

interface ExampleCategory {
  /** How the courses below name it. */
  key: string;
  names: Record<Language, string>;
}

/** What a fresh portal shows so that a newcomer sees it alive: categories named in every language. */
export const EXAMPLE_CATEGORIES: ExampleCategory[] = [
  {
    key: 'onboarding',
    names: { en: 'Onboarding', fr: 'Intégration', de: 'Einarbeitung', it: 'Inserimento', rm: 'Introducziun' },
  },
  {
    key: 'security',
    names: {
      en: 'Information security',
      fr: 'Sécurité de l’information',
      de: 'Informationssicherheit',
      it: 'Sicurezza delle informazioni',
      rm: 'Segirezza da las infurmaziuns',
    },
  },
  {
    key: 'leadership',
    names: { en: 'Leadership', fr: 'Management', de: 'Führung', it: 'Leadership', rm: 'Manaschament' },
  },
  {
    key: 'communication',
    names: {
      en: 'Communication',
      fr: 'Communication',
      de: 'Kommunikation',
      it: 'Comunicazione',
      rm: 'Communicaziun',
    },
  },
  { key: 'languages', names: { en: 'Languages', fr: 'Langues', de: 'Sprachen', it: 'Lingue', rm: 'Linguas' } },
];

type Example = Omit<CourseInput, 'categoryIds' | 'title' | 'description' | 'texts' | 'defaultLanguage'> & {
  defaultLanguage: Language;
  texts: Partial<Record<Language, CourseTextInput>>;
  categories: string[];
};

/**
 * A course in each language as its default, translated into the others; 'Führen im Arbeitsalltag' is in German
 * and French only, so that the fallback to the default language shows.
 */
export const EXAMPLE_COURSES: Example[] = [
  {
    defaultLanguage: 'en',
    texts: {
      en: {
        title: 'Welcome to the course portal',
        description:
          '<h2>Your first steps</h2><p>This short course shows you how to <strong>find courses</strong>, start them and download their files.</p><ul><li>Browse the overview</li><li>Open a course and press <em>Start course</em></li><li>Press <em>Mark as completed</em> when you are done</li></ul>',
      },
      fr: {
        title: 'Bienvenue sur le portail de cours',
        description:
          '<h2>Vos premiers pas</h2><p>Ce court cours vous montre comment <strong>trouver des cours</strong>, les commencer et télécharger leurs fichiers.</p><ul><li>Parcourez la vue d’ensemble</li><li>Ouvrez un cours et appuyez sur <em>Commencer le cours</em></li><li>Appuyez sur <em>Marquer comme terminé</em> une fois fini</li></ul>',
      },
      de: {
        title: 'Willkommen im Kursportal',
        description:
          '<h2>Ihre ersten Schritte</h2><p>Dieser kurze Kurs zeigt Ihnen, wie Sie <strong>Kurse finden</strong>, starten und ihre Dateien herunterladen.</p><ul><li>Die Übersicht durchsehen</li><li>Einen Kurs öffnen und <em>Kurs starten</em> drücken</li><li><em>Als abgeschlossen markieren</em> drücken, wenn Sie fertig sind</li></ul>',
      },
      it: {
        title: 'Benvenuti nel portale dei corsi',
        description:
          '<h2>I primi passi</h2><p>Questo breve corso vi mostra come <strong>trovare i corsi</strong>, iniziarli e scaricarne i file.</p><ul><li>Sfogliate la panoramica</li><li>Aprite un corso e premete <em>Inizia il corso</em></li><li>Premete <em>Segna come completato</em> quando avete finito</li></ul>',
      },
      rm: {
        title: 'Bainvegni en il portal da curs',
        description:
          '<h2>Voss emprims pass</h2><p>Quest curt curs As mussa co <strong>chattar curs</strong>, als cumenzar e telechargiar lur datotecas.</p><ul><li>Percurrer la survista</li><li>Avrir in curs e smatgar <em>Cumenzar il curs</em></li><li>Smatgar <em>Marcar sco terminà</em> cura che Vus essas a fin</li></ul>',
      },
    },
    isPublished: true,
    categories: ['onboarding'],
  },
  {
    defaultLanguage: 'fr',
    texts: {
      fr: {
        title: 'Sécurité de l’information au quotidien',
        description:
          '<p>Reconnaître un <strong>hameçonnage</strong>, choisir de bons mots de passe et signaler un incident : les bons réflexes en vingt minutes.</p><ol><li>Les e-mails suspects</li><li>Les mots de passe</li><li>Que faire en cas de doute ?</li></ol>',
      },
      en: {
        title: 'Information security every day',
        description:
          '<p>Recognise <strong>phishing</strong>, choose good passwords and report an incident: the right habits in twenty minutes.</p><ol><li>Suspicious e-mails</li><li>Passwords</li><li>What to do when in doubt?</li></ol>',
      },
      de: {
        title: 'Informationssicherheit im Alltag',
        description:
          '<p><strong>Phishing</strong> erkennen, gute Passwörter wählen und einen Vorfall melden: die richtigen Reflexe in zwanzig Minuten.</p><ol><li>Verdächtige E-Mails</li><li>Passwörter</li><li>Was tun im Zweifelsfall?</li></ol>',
      },
      it: {
        title: 'Sicurezza delle informazioni nella vita quotidiana',
        description:
          '<p>Riconoscere il <strong>phishing</strong>, scegliere buone password e segnalare un incidente: i riflessi giusti in venti minuti.</p><ol><li>Le e-mail sospette</li><li>Le password</li><li>Che cosa fare in caso di dubbio?</li></ol>',
      },
      rm: {
        title: 'Segirezza da las infurmaziuns en il mintgadi',
        description:
          '<p>Renconuscher il <strong>phishing</strong>, tscherner buns pleds-clav e annunziar in incident: ils dretgs reflexs en ventg minutas.</p><ol><li>E-mails suspects</li><li>Ils pleds-clav</li><li>Tge far en cas da dubi?</li></ol>',
      },
    },
    isPublished: true,
    categories: ['security'],
  },
  {
    defaultLanguage: 'de',
    texts: {
      de: {
        title: 'Führen im Arbeitsalltag',
        description:
          '<p>Wie Sie <strong>Feedback</strong> geben, Ziele vereinbaren und Ihr Team durch Veränderungen begleiten.</p><blockquote><p>Führung beginnt mit Zuhören.</p></blockquote>',
      },
      fr: {
        title: 'Diriger au quotidien',
        description:
          '<p>Comment donner du <strong>feedback</strong>, convenir d’objectifs et accompagner votre équipe dans le changement.</p><blockquote><p>Diriger commence par écouter.</p></blockquote>',
      },
    },
    isPublished: true,
    categories: ['leadership'],
  },
  {
    defaultLanguage: 'it',
    texts: {
      it: {
        title: 'Comunicare in modo efficace',
        description:
          '<p>Riunioni più brevi, e-mail più chiare e presentazioni che restano in mente: <em>tecniche pratiche</em> per ogni giorno.</p>',
      },
      en: {
        title: 'Communicating effectively',
        description:
          '<p>Shorter meetings, clearer e-mails and presentations that stay in mind: <em>practical techniques</em> for every day.</p>',
      },
      fr: {
        title: 'Communiquer efficacement',
        description:
          '<p>Des réunions plus courtes, des e-mails plus clairs et des présentations qui marquent : des <em>techniques pratiques</em> pour chaque jour.</p>',
      },
      de: {
        title: 'Wirkungsvoll kommunizieren',
        description:
          '<p>Kürzere Sitzungen, klarere E-Mails und Präsentationen, die in Erinnerung bleiben: <em>praktische Techniken</em> für jeden Tag.</p>',
      },
      rm: {
        title: 'Communitgar cun effect',
        description:
          '<p>Sesidas pli curtas, e-mails pli clers e preschentaziuns che restan en memoria: <em>tecnicas praticas</em> per mintga di.</p>',
      },
    },
    isPublished: true,
    categories: ['communication'],
  },
  {
    defaultLanguage: 'rm',
    texts: {
      rm: {
        title: 'Rumantsch per principiants',
        description:
          '<p>Emprender ils <strong>salids</strong>, las expressiuns da mintgadi e sa preschentar en rumantsch grischun.</p><ul><li>Bun di! Co vai?</li><li>Jau hai num …</li></ul>',
      },
      en: {
        title: 'Romansh for beginners',
        description:
          '<p>Learn the <strong>greetings</strong>, everyday expressions and how to introduce yourself in Rumantsch Grischun.</p><ul><li>Bun di! Co vai?</li><li>Jau hai num …</li></ul>',
      },
      fr: {
        title: 'Le romanche pour débutants',
        description:
          '<p>Apprendre les <strong>salutations</strong>, les expressions de tous les jours et se présenter en rumantsch grischun.</p><ul><li>Bun di! Co vai?</li><li>Jau hai num …</li></ul>',
      },
      de: {
        title: 'Rätoromanisch für Anfänger',
        description:
          '<p>Die <strong>Grüsse</strong> und Alltagsausdrücke lernen und sich auf Rumantsch Grischun vorstellen.</p><ul><li>Bun di! Co vai?</li><li>Jau hai num …</li></ul>',
      },
      it: {
        title: 'Romancio per principianti',
        description:
          '<p>Imparare i <strong>saluti</strong>, le espressioni di tutti i giorni e presentarsi in rumantsch grischun.</p><ul><li>Bun di! Co vai?</li><li>Jau hai num …</li></ul>',
      },
    },
    isPublished: true,
    categories: ['languages'],
  },
  {
    defaultLanguage: 'en',
    texts: {
      en: {
        title: 'Advanced incident response (draft)',
        description: '<p>A draft that only system administrators see until it is published.</p>',
      },
      fr: {
        title: 'Réponse avancée aux incidents (brouillon)',
        description: '<p>Un brouillon que seuls les administrateurs système voient jusqu’à sa publication.</p>',
      },
      de: {
        title: 'Fortgeschrittene Reaktion auf Vorfälle (Entwurf)',
        description: '<p>Ein Entwurf, den nur Systemadministratoren sehen, bis er veröffentlicht wird.</p>',
      },
      it: {
        title: 'Risposta avanzata agli incidenti (bozza)',
        description: '<p>Una bozza che solo gli amministratori di sistema vedono finché non viene pubblicata.</p>',
      },
      rm: {
        title: 'Reacziun avanzada sin incidents (sboz)',
        description: '<p>In sboz che mo ils administraturs dal sistem vesan fin ch’el vegn publitgà.</p>',
      },
    },
    isPublished: false,
    categories: ['security'],
  },
];
