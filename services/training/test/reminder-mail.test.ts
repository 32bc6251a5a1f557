import { describe, expect, it } from '@jest/globals';
import type { Language } from '@portal/contracts/languages';
import { digestMail } from '../src/domain/reminder-mail.ts';

const FIRE = { title: (language: Language) => (language === 'de' ? 'Brandschutz' : 'Fire safety') };

const digest = (language: Language, overdue: boolean) =>
  digestMail({
    language,
    to: 'admin@example.ch',
    name: 'Ada',
    courses: overdue ? [{ ...FIRE, people: 1, firstNames: ['Otto'] }] : [],
    attemptsExhausted: [{ ...FIRE, people: 2, firstNames: ['Gian', 'Lia'] }],
    resultsWaiting: 0,
    link: 'https://portal.example.ch/admin/reports',
    reviewsLink: 'https://portal.example.ch/admin/reviews',
  });

describe('the administrators’ digest of quizzes failed to the last attempt', () => {
  it.each<[Language, string, string, string]>([
    [
      'en',
      'Quiz follow-up: 1 course',
      'since the last digest, these people failed their last allowed quiz attempt:',
      '• Fire safety: 2 people with no attempt left (Gian and Lia)',
    ],
    [
      'fr',
      'Quiz à suivre : 1 cours',
      'depuis le dernier résumé, ces personnes ont échoué à leur dernière tentative autorisée d’un quiz :',
      '• Fire safety : 2 personnes sans tentative restante (Gian et Lia)',
    ],
    [
      'de',
      'Quiz-Nachbetreuung: 1 Kurs',
      'seit der letzten Übersicht haben diese Personen ihren letzten erlaubten Quiz-Versuch nicht bestanden:',
      '• Brandschutz: 2 Personen ohne verbleibenden Versuch (Gian und Lia)',
    ],
    [
      'it',
      'Quiz da seguire: 1 corso',
      'dall’ultimo riepilogo, queste persone non hanno superato l’ultimo tentativo consentito di un quiz:',
      '• Fire safety: 2 persone senza tentativi rimasti (Gian e Lia)',
    ],
    [
      'rm',
      'Quiz da suandar: 1 curs',
      'dapi l’ultima survista n’han questas persunas betg reussì lur ultima emprova permessa d’in quiz:',
      '• Fire safety: 2 persunas senza emprovas restantas (Gian e Lia)',
    ],
  ])(
    'when only follow-ups are to tell in %s, then the subject, the intro and the line are in that language',
    (language, subject, intro, line) => {
      const mail = digest(language, false);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(intro);
      expect(mail.text).toContain(line);
      expect(mail.text).toContain('https://portal.example.ch/admin/reports');
      expect(mail.text).not.toContain('reminders.');
    },
  );

  it('when something is overdue too, then the overdue lines come first and the follow-ups after, as their own paragraph', () => {
    const mail = digest('en', true);
    expect(mail.subject).toBe('Overdue training: 1 course');
    const overdueAt = mail.text.indexOf('• Fire safety: 1 person overdue (Otto)');
    const followUpAt = mail.text.indexOf('Since the last digest, these people failed their last allowed quiz attempt:');
    expect(overdueAt).toBeGreaterThan(0);
    expect(followUpAt).toBeGreaterThan(overdueAt);
  });
});
