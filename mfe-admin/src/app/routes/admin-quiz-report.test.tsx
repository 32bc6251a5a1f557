import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { QuizReport } from '@portal/contracts/quiz-report';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { admin, anna, apiError, fakeApi } from '../../../../jest/fake-api.ts';
import { queryClient } from '../../lib/queries.ts';
import AdminQuizReportPage from './admin-quiz-report.tsx';

type Routes = Parameters<typeof fakeApi>[0];

const lessonId = 'c0ffee00-0000-4000-8000-00000000000a';
const courseId = 'c0ffee00-0000-4000-8000-00000000000c';
const learner = 'b0b0b0b0-0000-4000-8000-000000000001';
const REPORT = `GET /api/lessons/${lessonId}/quiz-report`;
const GRANTS = `POST /api/lessons/${lessonId}/grants`;

const report: QuizReport = {
  courseId,
  questions: [
    {
      questionId: 'a0000000-0000-4000-8000-000000000001',
      version: 2,
      type: 'single',
      text: 'Which extinguisher for a grease fire?',
      answered: 40,
      correctShare: 0.25,
      mostChosenWrong: { optionId: 'o2', text: 'Water', count: 24 },
    },
    {
      questionId: 'a0000000-0000-4000-8000-000000000002',
      version: 1,
      type: 'short_answer',
      text: 'Who do you call?',
      answered: 38,
      correctShare: 0.9,
      mostChosenWrong: null,
    },
  ],
  followUp: {
    total: 1,
    people: [
      {
        userId: learner,
        name: 'Mia Keller',
        attemptsUsed: 3,
        bestScorePercent: 62.5,
        lastAttemptAt: '2026-11-22T09:00:00.000Z',
      },
    ],
  },
};
const nobodyLeft: QuizReport = { ...report, followUp: { total: 0, people: [] } };

/** The report answers `first` the first time and `then` afterwards (after a grant). */
const reports = (first: QuizReport, then: QuizReport = first) => {
  let asked = 0;
  return () => {
    asked += 1;
    return { status: 200, body: asked === 1 ? first : then };
  };
};

function openReport(routes: Routes, user = admin) {
  const api = fakeApi(routes);
  const url = `/admin/quizzes/${lessonId}`;
  renderPage(<AdminQuizReportPage session={fakeSession(user)} />, { path: '/admin/quizzes/:lessonId', urls: [url] });
  return { api, user: userEvent.setup() };
}

describe('quiz report page', () => {
  afterEach(() => {
    queryClient.clear();
    jest.restoreAllMocks();
  });

  it('when an employee opens it, then a translated "not allowed" message is shown and nothing is asked', () => {
    const { api } = openReport({}, anna);
    expect(screen.getByRole('heading', { level: 1, name: 'Quiz report' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Only system administrators can see quiz reports.');
    expect(api.requests).toEqual([]);
  });

  it('when an administrator opens it, then each question’s figures and the people to follow up are shown', async () => {
    const { api } = openReport({ [REPORT]: reports(report) });
    const items = await screen.findByRole('table', { name: 'Answers per question' });
    const [single, short] = within(items).getAllByRole('row').slice(1);
    expect(within(single!).getByRole('rowheader')).toHaveTextContent(
      'Which extinguisher for a grease fire? (single choice, version 2)',
    );
    expect(single).toHaveTextContent('40');
    expect(single).toHaveTextContent('25%');
    expect(single).toHaveTextContent('Water (24 times)');
    expect(short).toHaveTextContent('90%');
    expect(short).toHaveTextContent('–');

    const people = screen.getByRole('table', { name: 'People who failed their last attempt' });
    const row = within(people).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'Mia Keller' })).toHaveAttribute(
      'href',
      `/admin/reports?course=${courseId}&user=${learner}`,
    );
    expect(row).toHaveTextContent('3');
    expect(row).toHaveTextContent('63%');
    expect(api.calls(REPORT)[0]?.search.get('limit')).toBe('20');
    expect(api.calls(REPORT)[0]?.search.get('offset')).toBe('0');
  });

  it('when a person’s name is not known yet, then they are shown by a short id linking to the completion report', async () => {
    const unnamed = { ...report.followUp.people[0]!, name: null };
    openReport({ [REPORT]: reports({ ...report, followUp: { total: 1, people: [unnamed] } }) });
    const people = await screen.findByRole('table', { name: 'People who failed their last attempt' });
    expect(within(people).getByRole('link', { name: 'Person b0b0b0b0 in the completion report' })).toHaveAttribute(
      'href',
      `/admin/reports?course=${courseId}&user=${learner}`,
    );
  });

  it('when an extra attempt is granted with a reason, then it is sent, the report is asked again and a message confirms it', async () => {
    const { api, user } = openReport({
      [REPORT]: reports(report, nobodyLeft),
      [GRANTS]: {
        status: 201,
        body: {
          id: 'd0000000-0000-4000-8000-000000000001',
          lessonId,
          userId: learner,
          kind: 'extra_attempt',
          reason: 'Was ill',
          grantedAt: '2026-11-23T08:00:00.000Z',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Grant an extra attempt' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Grant an extra attempt' });
    await user.click(within(dialog).getByRole('button', { name: 'Grant' }));
    expect(await within(dialog).findByText('Please give a reason.')).toBeInTheDocument();
    expect(api.calls(GRANTS)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Was ill');
    await user.click(within(dialog).getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('An extra attempt was granted.')).toBeInTheDocument();
    expect(api.calls(GRANTS)[0]?.body).toEqual({ userId: learner, kind: 'extra_attempt', reason: 'Was ill' });
    expect(await screen.findByText('Nobody has failed their last attempt.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('when the server refuses the reason, then its issue shows translated at the field and the dialog stays', async () => {
    const { user } = openReport({
      [REPORT]: reports(report),
      [GRANTS]: apiError(400, 'validation_failed', [{ path: 'reason', code: 'reason_too_long' }]),
    });
    await user.click(await screen.findByRole('button', { name: 'Record a pass' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Record a pass' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Passed on site');
    await user.click(within(dialog).getByRole('button', { name: 'Record the pass' }));
    expect(await within(dialog).findByText('The reason may have at most 500 characters.')).toBeInTheDocument();
  });
});
