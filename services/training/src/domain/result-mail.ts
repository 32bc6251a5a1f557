import { composeMail, type Mail } from '@portal/kit/mailer';
import type { ResultMail } from '../data-access/result-mails-repository.ts';
import { translator } from './i18n.ts';

/** How a learner's result was reviewed, in their language, with the reviewer's reason when one was given. */
export function resultReviewMail(mail: ResultMail, link: string): Mail {
  const t = translator(mail.language);
  const values = { course: mail.course_title, name: mail.name, comment: mail.comment ?? '' };
  const body = t(`resultReview.${mail.decision}.body`, values);
  return {
    to: mail.email,
    ...composeMail(
      t(`resultReview.${mail.decision}.subject`, values),
      [t('reminders.greeting', values), mail.comment ? `${body} ${t('resultReview.reason', values)}` : body],
      { label: t('resultReview.action'), link },
      t('resultReview.closing'),
    ),
  };
}
