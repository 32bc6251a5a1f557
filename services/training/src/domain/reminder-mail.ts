import type { Language } from '@portal/contracts/languages';
import { composeMail, type Mail } from '@portal/kit/mailer';
import type { ReminderKind } from '../data-access/schema.ts';
import { translator } from './i18n.ts';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Making a format costs far more than using one: a pass over many reminders keeps one per language. */
function dateFormat(language: Language, timeZone: string) {
  const key = `${language} ${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

export interface ReminderMailInput {
  kind: ReminderKind;
  language: Language;
  to: string;
  name: string;
  courseTitle: string;
  mandatory: boolean;
  dueAt: Date | null;
  /** The course's page: the portal keeps it through sign-in. */
  link: string;
  timeZone: string;
}

/** A reminder in the recipient's language; the due date written as their language writes dates. */
export function reminderMail(input: ReminderMailInput): Mail {
  const t = translator(input.language);
  const date = input.dueAt ? dateFormat(input.language, input.timeZone).format(input.dueAt) : '';
  const values = { course: input.courseTitle, date, name: input.name };
  const details = [
    t(input.mandatory ? 'reminders.mandatory' : 'reminders.recommended'),
    input.kind === 'assigned' ? t(input.dueAt ? 'reminders.dueOn' : 'reminders.noDueDate', values) : '',
  ].filter(Boolean);
  return {
    to: input.to,
    ...composeMail(
      t(`reminders.${input.kind}.subject`, values),
      [t('reminders.greeting', values), `${t(`reminders.${input.kind}.body`, values)} ${details.join(' ')}`],
      { label: t('reminders.action'), link: input.link },
      t('reminders.closing'),
    ),
  };
}

export interface DigestCourse {
  title: (language: Language) => string;
  people: number;
  firstNames: string[];
}

/**
 * The administrators' digest: what is overdue, per course (how many, and their first names), who failed their last
 * allowed quiz attempt since the last digest, per course likewise, and how many uploaded results wait for review.
 */
export function digestMail(input: {
  language: Language;
  to: string;
  name: string;
  courses: DigestCourse[];
  /** Per course, who failed their last allowed attempt at one of its quizzes. */
  attemptsExhausted: DigestCourse[];
  resultsWaiting: number;
  link: string;
  reviewsLink: string;
}): Mail {
  const t = translator(input.language);
  const linesOf = (courses: DigestCourse[], key: 'line' | 'exhaustedLine') =>
    courses
      .map((course) => {
        const more = course.people - course.firstNames.length;
        const names = [
          new Intl.ListFormat(input.language, { type: 'conjunction' }).format(course.firstNames),
          more > 0 ? t('reminders.digest.more', { count: more }) : '',
        ]
          .filter(Boolean)
          .join(' ');
        return `• ${t(`reminders.digest.${key}`, { course: course.title(input.language), count: course.people, names })}`;
      })
      .join('\n');
  const overdue = input.courses.length > 0;
  const exhausted = input.attemptsExhausted.length > 0;
  const subject = overdue
    ? t('reminders.digest.subject', { count: input.courses.length })
    : exhausted
      ? t('reminders.digest.subjectExhausted', { count: input.attemptsExhausted.length })
      : t('reminders.digest.subjectReviews', { count: input.resultsWaiting });
  return {
    to: input.to,
    ...composeMail(
      subject,
      [
        t('reminders.greeting', { name: input.name }),
        ...(overdue ? [t('reminders.digest.intro'), linesOf(input.courses, 'line')] : []),
        ...(exhausted
          ? [
              t(overdue ? 'reminders.digest.exhaustedIntroAfter' : 'reminders.digest.exhaustedIntro'),
              linesOf(input.attemptsExhausted, 'exhaustedLine'),
            ]
          : []),
        ...(input.resultsWaiting > 0
          ? [t('reminders.digest.reviews', { count: input.resultsWaiting, link: input.reviewsLink })]
          : []),
      ],
      overdue || exhausted ? { label: t('reminders.digest.action'), link: input.link } : undefined,
      t('reminders.digest.closing'),
    ),
  };
}
