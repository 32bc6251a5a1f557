import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Course } from '@portal/contracts/courses';
import type { LessonOutline } from '@portal/contracts/lessons';
import type { QuizSettings } from '@portal/contracts/quizzes';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { anna, apiError, type FakeReply, fakeApi } from '../../../../jest/fake-api.ts';
import { queryClient } from '../../lib/queries.tsx';
import { course } from '../../testing/fixtures.ts';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import CourseDetailsPage from './course-details.tsx';

const shown = course({ title: 'Fire safety', description: '<p>Why exits matter.</p>' });
const LESSON = '00000000-0000-4000-8000-0000000000a1';
const ATTEMPT = '00000000-0000-4000-8000-0000000000b1';
const Q = {
  single: '00000000-0000-4000-8000-0000000000c1',
  multiple: '00000000-0000-4000-8000-0000000000c2',
  trueFalse: '00000000-0000-4000-8000-0000000000c3',
  short: '00000000-0000-4000-8000-0000000000c4',
  ordering: '00000000-0000-4000-8000-0000000000c5',
};

const outline: LessonOutline = {
  lessons: [
    {
      id: LESSON,
      courseId: shown.id,
      position: 1,
      kind: 'quiz',
      title: 'Check yourself',
      body: '',
      language: 'en',
      defaultLanguage: 'en',
      languages: ['en'],
      fileId: null,
      viewedAt: null,
    },
  ],
  continueWith: LESSON,
};

const settings: QuizSettings = {
  draw: { mode: 'random', count: 5 },
  passPercent: 80,
  attemptsAllowed: 3,
  waitMinutes: 10,
  timeLimitMinutes: null,
  shuffle: true,
  feedback: 'wrong',
};

const questions = [
  {
    id: Q.single,
    type: 'single' as const,
    text: 'Which exit do you take?',
    options: [
      { id: 's1', text: 'The nearest' },
      { id: 's2', text: 'The lift' },
    ],
  },
  {
    id: Q.multiple,
    type: 'multiple' as const,
    text: 'What do you take along?',
    options: [
      { id: 'm1', text: 'Nothing' },
      { id: 'm2', text: 'Your colleagues' },
    ],
  },
  {
    id: Q.trueFalse,
    type: 'true_false' as const,
    text: 'Lifts are safe in a fire.',
    options: [
      { id: 'true', text: 'True' },
      { id: 'false', text: 'False' },
    ],
  },
  { id: Q.short, type: 'short_answer' as const, text: 'The emergency number?', options: [] },
  {
    id: Q.ordering,
    type: 'ordering' as const,
    text: 'Put the steps in order.',
    options: [
      { id: 'o2', text: 'Leave' },
      { id: 'o1', text: 'Raise the alarm' },
    ],
  },
];

function attempt(values: Record<string, unknown> = {}) {
  return {
    id: ATTEMPT,
    lessonId: LESSON,
    questions,
    answers: [],
    startedAt: '2026-12-01T10:00:00.000Z',
    endsAt: null,
    submittedAt: null,
    scorePercent: null,
    passed: null,
    feedback: null,
    ...values,
  };
}

const noAttempts = { attempts: [], attemptsLeft: 3, nextAttemptAt: null };
const openAttempts = {
  attempts: [
    { id: ATTEMPT, startedAt: '2026-12-01T10:00:00.000Z', submittedAt: null, scorePercent: null, passed: null },
  ],
  attemptsLeft: 2,
  nextAttemptAt: null,
};

type Routes = Parameters<typeof fakeApi>[0];

function openQuiz(routes: Routes = {}) {
  const api = fakeApi({
    [`GET /api/courses/${shown.id}`]: { status: 200, body: shown satisfies Course },
    [`GET /api/courses/${shown.id}/lessons`]: { status: 200, body: outline },
    [`GET /api/files/course/${shown.id}/files`]: { status: 200, body: [] },
    'GET /api/courses/participations/mine': { status: 200, body: [] },
    'GET /api/assignments/mine': { status: 200, body: [] },
    [`GET /api/lessons/${LESSON}/quiz`]: { status: 200, body: settings },
    [`GET /api/lessons/${LESSON}/attempts/mine`]: { status: 200, body: noAttempts },
    [`GET /api/attempts/${ATTEMPT}`]: { status: 200, body: attempt() },
    [`PUT /api/attempts/${ATTEMPT}/answers`]: { status: 204 },
    ...routes,
  });
  const page = renderPage(<CourseDetailsPage session={fakeSession(anna)} />, {
    path: '/course/:courseId',
    urls: [`/course/${shown.id}`],
  });
  return { api, page };
}

const sentAnswers = (api: ReturnType<typeof fakeApi>) =>
  api
    .calls(`PUT /api/attempts/${ATTEMPT}/answers`)
    .flatMap((request) => (request.body as { answers: unknown[] }).answers);
const saveStatus = () => screen.getByText(/answers (saved|not saved|could not)|Saving/i);

describe('the quiz player', () => {
  afterEach(() => {
    queryClient.clear();
    sessionStorage.clear();
    jest.restoreAllMocks();
  });

  it('when a learner opens a quiz lesson, then it tells its settings and starts an attempt on Start', async () => {
    let mine = noAttempts as object;
    const { api } = openQuiz({
      [`GET /api/lessons/${LESSON}/attempts/mine`]: () => ({ status: 200, body: mine }),
      [`POST /api/lessons/${LESSON}/attempts`]: () => {
        mine = openAttempts;
        return { status: 201, body: { id: ATTEMPT, questions, endsAt: null } };
      },
    });
    const start = await screen.findByRole('button', { name: 'Start attempt' });
    const facts = screen.getByText('Pass mark').closest('dl') as HTMLElement;
    expect(within(facts).getByText('Questions').nextSibling).toHaveTextContent('5');
    expect(within(facts).getByText('Pass mark').nextSibling).toHaveTextContent('80%');
    expect(within(facts).getByText('Attempts left').nextSibling).toHaveTextContent('3 of 3');
    expect(within(facts).getByText('Time limit').nextSibling).toHaveTextContent('None');
    expect(within(facts).getByText('Wait between attempts').nextSibling).toHaveTextContent('10 minutes');
    await userEvent.click(start);
    expect(await screen.findByRole('group', { name: 'Question 1 of 5 Which exit do you take?' })).toBeInTheDocument();
    expect(api.calls(`POST /api/lessons/${LESSON}/attempts`)).toHaveLength(1);
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move up: Raise the alarm' })).toBeInTheDocument();
  });

  it('when the learner answers each type, then the answers are saved after a pause, with the status told', async () => {
    const { api } = openQuiz({ [`GET /api/lessons/${LESSON}/attempts/mine`]: { status: 200, body: openAttempts } });
    await userEvent.click(await screen.findByRole('radio', { name: 'The nearest' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Nothing' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Your colleagues' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Nothing' }));
    await userEvent.click(screen.getByRole('radio', { name: 'False' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Your answer' }), '112');
    await userEvent.click(screen.getByRole('button', { name: 'Move up: Raise the alarm' }));
    expect(saveStatus()).toHaveAttribute('role', 'status');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All answers saved.'), { timeout: 3000 });
    const last = new Map(sentAnswers(api).map((answer) => [(answer as { questionId: string }).questionId, answer]));
    expect([...last.values()]).toEqual(
      expect.arrayContaining([
        { questionId: Q.single, optionIds: ['s1'] },
        { questionId: Q.multiple, optionIds: ['m2'] },
        { questionId: Q.trueFalse, optionIds: ['false'] },
        { questionId: Q.short, text: '112' },
        { questionId: Q.ordering, order: ['o1', 'o2'] },
      ]),
    );
    // Typing "112" was one save of the whole word, not one a letter.
    expect(sentAnswers(api).filter((answer) => (answer as { text?: string }).text !== undefined)).toHaveLength(1);
    expect(screen.getByText('Raise the alarm is now at position 1 of 2.')).toBeInTheDocument();
  });

  it('when a save fails, then the learner is told, it is tried again, and what failed is kept for after a reload', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let reply: FakeReply = apiError(503, 'service_unavailable');
    const { api, page } = openQuiz({
      [`GET /api/lessons/${LESSON}/attempts/mine`]: { status: 200, body: openAttempts },
      [`PUT /api/attempts/${ATTEMPT}/answers`]: () => reply,
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your answer' }), '118');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('Your answers could not be saved. Trying again…'), {
      timeout: 3000,
    });
    expect(JSON.parse(sessionStorage.getItem(`quiz-answers:${ATTEMPT}`) ?? '{}')).toEqual({
      [Q.short]: { questionId: Q.short, text: '118' },
    });

    // The tab reloads (or the learner signs in again): the unsent answer shows and is sent at once.
    page.unmount();
    queryClient.clear();
    reply = { status: 204 };
    const calledBefore = api.calls(`PUT /api/attempts/${ATTEMPT}/answers`).length;
    openQuiz({
      [`GET /api/lessons/${LESSON}/attempts/mine`]: { status: 200, body: openAttempts },
      [`PUT /api/attempts/${ATTEMPT}/answers`]: () => reply,
    });
    expect(await screen.findByRole('textbox', { name: 'Your answer' })).toHaveValue('118');
    await waitFor(() => expect(saveStatus()).toHaveTextContent('All answers saved.'));
    expect(calledBefore).toBeGreaterThan(0);
    expect(sessionStorage.getItem(`quiz-answers:${ATTEMPT}`)).toBeNull();
  });

  it('when a learner reloads during an attempt, then it is resumed with the answers saved', async () => {
    openQuiz({
      [`GET /api/lessons/${LESSON}/attempts/mine`]: { status: 200, body: openAttempts },
      [`GET /api/attempts/${ATTEMPT}`]: {
        status: 200,
        body: attempt({
          answers: [
            { questionId: Q.single, optionIds: ['s2'] },
            { questionId: Q.short, text: '144' },
          ],
        }),
      },
    });
    expect(await screen.findByRole('radio', { name: 'The lift' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('144');
    expect(screen.queryByRole('button', { name: 'Start attempt' })).not.toBeInTheDocument();
  });

  it('when the learner submits and confirms, then the result shows which were wrong, with focus on it', async () => {
    const { api } = openQuiz({
      [`GET /api/lessons/${LESSON}/attempts/mine`]: { status: 200, body: openAttempts },
      [`POST /api/attempts/${ATTEMPT}/submit`]: {
        status: 200,
        body: {
          scorePercent: 40,
          passed: false,
          feedback: [
            { questionId: Q.single, scorePercent: 100, correct: true, feedback: [] },
            { questionId: Q.trueFalse, scorePercent: 0, correct: false, feedback: ['Lifts stop in a fire.'] },
          ],
        },
      },
    });
    await userEvent.click(await screen.findByRole('radio', { name: 'The nearest' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Submit your answers?' });
    expect(dialog).toHaveTextContent('You answered 1 of 5 questions.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit answers' }));
    const heading = await screen.findByRole('heading', { name: 'Not passed' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Your score: 40% (pass mark 80%).')).toBeInTheDocument();
    expect(screen.getByText('Lifts stop in a fire.')).toBeInTheDocument();
    expect(screen.getByText('Right')).toBeInTheDocument();
    expect(screen.getByText('Wrong')).toBeInTheDocument();
    // The answer given just before submitting was saved first.
    expect(sentAnswers(api)).toContainEqual({ questionId: Q.single, optionIds: ['s1'] });
    expect(api.requests.findIndex((request) => request.method === 'PUT')).toBeLessThan(
      api.requests.findIndex((request) => request.path.endsWith('/submit')),
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('when another tab submitted the attempt already, then the learner is told and sees its result', async () => {
    let submitted = false;
    openQuiz({
      [`GET /api/lessons/${LESSON}/attempts/mine`]: { status: 200, body: openAttempts },
      [`GET /api/attempts/${ATTEMPT}`]: () => ({
        status: 200,
        body: submitted
          ? attempt({ submittedAt: '2026-12-01T10:05:00.000Z', scorePercent: 100, passed: true, feedback: [] })
          : attempt(),
      }),
      [`POST /api/attempts/${ATTEMPT}/submit`]: () => {
        submitted = true;
        return apiError(409, 'attempt_closed');
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit answers' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Submit answers' }));
    expect(
      await screen.findByText('This attempt was already submitted (in another tab or window). Here is its result.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Passed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('when the wait since the last attempt is not over, then Start tells the time the learner may try again', async () => {
    openQuiz({
      [`GET /api/lessons/${LESSON}/attempts/mine`]: {
        status: 200,
        body: {
          attempts: [
            {
              id: ATTEMPT,
              startedAt: '2026-12-01T10:00:00.000Z',
              submittedAt: '2026-12-01T10:05:00.000Z',
              scorePercent: 40,
              passed: false,
            },
          ],
          attemptsLeft: 2,
          nextAttemptAt: null,
        },
      },
      [`POST /api/lessons/${LESSON}/attempts`]: apiError(409, 'wait_until', undefined, { 'Retry-After': '600' }),
    });
    expect(await screen.findByText('Your score so far: 40% (1 attempt).')).toBeInTheDocument();
    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Start a new attempt' }));
    const expected = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(new Date(before + 600_000));
    expect(await screen.findByText(`You can try again at ${expected}.`)).toBeInTheDocument();
  });

  it('when no attempt is left, then the learner is told and no Start is offered', async () => {
    openQuiz({
      [`GET /api/lessons/${LESSON}/attempts/mine`]: {
        status: 200,
        body: { ...noAttempts, attemptsLeft: 0 },
      },
    });
    expect(await screen.findByText('You have used all your attempts at this quiz.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start .*attempt/ })).not.toBeInTheDocument();
  });

  it('when the attempt has a time limit, then the time left shows and at its end the attempt is handed in', async () => {
    const { api } = openQuiz({
      [`GET /api/lessons/${LESSON}/attempts/mine`]: { status: 200, body: openAttempts },
      [`GET /api/attempts/${ATTEMPT}`]: {
        status: 200,
        body: attempt({ endsAt: new Date(Date.now() + 2000).toISOString() }),
      },
      [`POST /api/attempts/${ATTEMPT}/submit`]: {
        status: 200,
        body: { scorePercent: 0, passed: false, feedback: [] },
      },
    });
    expect(await screen.findByRole('timer')).toHaveTextContent(/Time left: 0:0[12]/);
    expect(await screen.findByRole('heading', { name: 'Not passed' }, { timeout: 4000 })).toBeInTheDocument();
    expect(api.calls(`POST /api/attempts/${ATTEMPT}/submit`)).toHaveLength(1);
  });
});
