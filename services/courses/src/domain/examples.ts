import type { CourseInput } from '@portal/contracts/courses';

/** What a fresh portal shows so that a newcomer sees it alive: categories, and a course in each language. */
export const EXAMPLE_CATEGORIES = ['Onboarding', 'Information security', 'Leadership', 'Communication', 'Languages'];

type Example = Omit<CourseInput, 'categoryIds'> & { categories: string[] };

export const EXAMPLE_COURSES: Example[] = [
  {
    title: 'Welcome to the course portal',
    description:
      '<h2>Your first steps</h2><p>This short course shows you how to <strong>find courses</strong>, start them and download their files.</p><ul><li>Browse the overview</li><li>Open a course and press <em>Start course</em></li><li>Press <em>Mark as completed</em> when you are done</li></ul>',
    isPublished: true,
    categories: ['Onboarding'],
  },
  {
    title: 'Sécurité de l’information au quotidien',
    description:
      '<p>Reconnaître un <strong>hameçonnage</strong>, choisir de bons mots de passe et signaler un incident : les bons réflexes en vingt minutes.</p><ol><li>Les e-mails suspects</li><li>Les mots de passe</li><li>Que faire en cas de doute ?</li></ol>',
    isPublished: true,
    categories: ['Information security'],
  },
  {
    title: 'Führen im Arbeitsalltag',
    description:
      '<p>Wie Sie <strong>Feedback</strong> geben, Ziele vereinbaren und Ihr Team durch Veränderungen begleiten.</p><blockquote><p>Führung beginnt mit Zuhören.</p></blockquote>',
    isPublished: true,
    categories: ['Leadership'],
  },
  {
    title: 'Comunicare in modo efficace',
    description:
      '<p>Riunioni più brevi, e-mail più chiare e presentazioni che restano in mente: <em>tecniche pratiche</em> per ogni giorno.</p>',
    isPublished: true,
    categories: ['Communication'],
  },
  {
    title: 'Rumantsch per principiants',
    description:
      '<p>Emprender ils <strong>salids</strong>, las expressiuns da mintgadi e sa preschentar en rumantsch grischun.</p><ul><li>Bun di! Co vai?</li><li>Jau hai num …</li></ul>',
    isPublished: true,
    categories: ['Languages'],
  },
  {
    title: 'Advanced incident response (draft)',
    description: '<p>A draft that only system administrators see until it is published.</p>',
    isPublished: false,
    categories: ['Information security'],
  },
];
