import type { Language } from '@portal/contracts/languages';
import type { Database } from '@portal/kit/db';
import type { Logger } from '@portal/kit/logger';
import type { Mailer } from '@portal/kit/mailer';
import {
  type DueReminder,
  type OverdueCourse,
  reminderBranches,
  reminderKey,
  remindersRepository,
} from '../data-access/reminders-repository.ts';
import { resultMailsRepository } from '../data-access/result-mails-repository.ts';
import type { TrainingDatabase } from '../data-access/schema.ts';
import { digestMail, reminderMail } from './reminder-mail.ts';
import { resultReviewMail } from './result-mail.ts';

export interface RemindersDeps {
  database: Database<TrainingDatabase>;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  dueSoonDays: number;
  timeZone: string;
}

export interface PassOutcome {
  sent: number;
  failed: number;
}

const BATCH = 10_000;
/** Claimed a few at a time, the next few while these go: a crash loses at most twice these (claimed, not sent). */
const CLAIM = 100;

/** A query asked for ahead of its use: if it fails before it is awaited, the await reports it, not the process. */
function ahead<T>(query: Promise<T>): Promise<T> {
  query.catch(() => undefined);
  return query;
}

/**
 * The reminder e-mails and the administrators' digest. Each mail is claimed in `reminders_sent` (or
 * `digests_sent`) before it is sent, so passes running at once on several instances send it once; a mail that
 * fails gives its claim back for the next pass. A crash between claim and send loses the mails claimed.
 */
export function reminders(deps: RemindersDeps) {
  const repository = remindersRepository(deps.database.db);
  const resultMails = resultMailsRepository(deps.database.db);
  const link = (path: string) => new URL(path, deps.publicUrl).toString();

  /** Sends `send`'s mail for a claim; a failure gives the claim back and is counted, not thrown. */
  async function attempt(outcome: PassOutcome, send: () => Promise<void>, release: () => Promise<void>) {
    try {
      await send();
      outcome.sent += 1;
    } catch (error) {
      outcome.failed += 1;
      // The SMTP error's text may name the recipient: its codes only.
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      deps.logger.warn({ code, responseCode }, 'reminder e-mail not sent: claim given back for the next pass');
      await release();
    }
  }

  return {
    /** One pass: every reminder due at `now` and not sent yet, branch by branch, in batches in an index's order. */
    async sendDueReminders(now: Date): Promise<PassOutcome> {
      const outcome = { sent: 0, failed: 0 };
      for (const branch of reminderBranches(now, deps.dueSoonDays)) {
        // The database reads the next batch and claims the next slice while this slice's mails are written.
        let reading = ahead(repository.due(branch, undefined, BATCH));
        for (;;) {
          const batch = await reading;
          if (batch.next) reading = ahead(repository.due(branch, batch.next, BATCH));
          const slices: DueReminder[][] = [];
          for (let from = 0; from < batch.reminders.length; from += CLAIM) {
            slices.push(batch.reminders.slice(from, from + CLAIM));
          }
          let claiming = ahead(repository.claim(slices[0] ?? [], now));
          for (const [index, slice] of slices.entries()) {
            const claimed = await claiming;
            claiming = ahead(repository.claim(slices[index + 1] ?? [], now));
            for (const reminder of slice.filter((candidate) => claimed.has(reminderKey(candidate)))) {
              const mail = reminderMail({
                kind: reminder.kind,
                language: reminder.language,
                to: reminder.email,
                name: reminder.name,
                courseTitle: reminder.course_title,
                mandatory: reminder.mandatory,
                dueAt: reminder.due_at,
                link: link(`/course/${reminder.course_id}`),
                timeZone: deps.timeZone,
              });
              await attempt(
                outcome,
                () => deps.mailer.send(mail),
                () => repository.release(reminder),
              );
            }
          }
          if (!batch.next) break;
        }
      }
      if (outcome.sent + outcome.failed > 0) deps.logger.info({ ...outcome }, 'reminder pass done');
      return outcome;
    },

    /** The mails of reviewed results not sent yet, to the learners, a claimed slice at a time. */
    async sendResultMails(now: Date): Promise<PassOutcome> {
      const outcome = { sent: 0, failed: 0 };
      // A slice with a failure ends the pass: its claims were given back, and the next pass tries them again.
      for (let full = true; full && outcome.failed === 0;) {
        const claimed = await resultMails.claim(now, CLAIM);
        for (const mail of claimed) {
          await attempt(
            outcome,
            () => deps.mailer.send(resultReviewMail(mail, link(`/course/${mail.course_id}`))),
            () => resultMails.release(mail.result_id),
          );
        }
        full = claimed.length === CLAIM;
      }
      if (outcome.sent + outcome.failed > 0) deps.logger.info({ ...outcome }, 'result mails done');
      return outcome;
    },

    /**
     * Today's digest to each active system administrator, when something is overdue, someone failed their last
     * allowed quiz attempt since the last digest, or results wait for review.
     */
    async sendDigest(now: Date): Promise<PassOutcome> {
      const outcome = { sent: 0, failed: 0 };
      const overdue = await repository.overdueCourses(now);
      const followUps = await repository.followUpCourses(now);
      const resultsWaiting = await repository.resultsWaiting();
      if (overdue.length === 0 && followUps.length === 0 && resultsWaiting === 0) return outcome;
      const digestCourse = (course: OverdueCourse) => ({
        title: (language: Language) => course.titles[language] ?? course.titles[course.default_language] ?? '',
        people: course.people,
        firstNames: course.first_names,
      });
      const courses = overdue.map(digestCourse);
      const attemptsExhausted = followUps.map(digestCourse);
      for (const admin of await repository.claimDigests(now)) {
        const mail = digestMail({
          language: admin.language,
          to: admin.email,
          name: admin.name,
          courses,
          attemptsExhausted,
          resultsWaiting,
          link: link('/admin/reports'),
          reviewsLink: link('/admin/reviews'),
        });
        await attempt(
          outcome,
          () => deps.mailer.send(mail),
          () => repository.releaseDigest(admin.user_id, now),
        );
      }
      deps.logger.info(
        { ...outcome, courses: overdue.length, followUpCourses: followUps.length, resultsWaiting },
        'digest done',
      );
      return outcome;
    },
  };
}
