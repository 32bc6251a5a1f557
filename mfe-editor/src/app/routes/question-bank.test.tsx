import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it } from '@jest/globals';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { admin, apiError, fakeApi, type FakeReply, type FakeRequest } from '../../../../jest/fake-api.ts';
import { queryClient } from '../../lib/queries.ts';
import { courseId } from '../../testing/fixtures.ts';
import QuestionBankPage from './question-bank.tsx';

const QUESTIONS = `GET /api/courses/${courseId}/questions`;
const IMPORT = `POST /api/courses/${courseId}/questions/import`;
const CREATE = `POST /api/courses/${courseId}/questions`;
const questionId = 'b0000000-0000-4000-8000-000000000001';
const UPDATE = `PUT /api/questions/${questionId}`;

const capital = {
  type: 'single',
  texts: { en: 'The capital of Switzerland?' },
  tags: ['geography'],
  options: [
    { texts: { en: 'Bern' }, weight: 100 },
    { texts: { en: 'Zurich' }, weight: 0 },
  ],
};
const sky = { type: 'true_false', texts: { en: 'The sky is blue.' }, answer: true };

/** The stored question the API answers with: the body sent, as `version`. */
const stored =
  (version: number) =>
  (request: FakeRequest): FakeReply => ({
    status: 200,
    body: {
      id: questionId,
      courseId,
      version,
      question: request.body,
      optionIds: [],
      updatedAt: '2026-12-02T08:00:00.000Z',
    },
  });

function renderBank(
  answerImport: (request: FakeRequest) => { questions: unknown[]; errors: unknown[] },
  routes: Parameters<typeof fakeApi>[0] = {},
) {
  const api = fakeApi({
    [QUESTIONS]: {
      status: 200,
      body: [
        {
          id: questionId,
          courseId,
          version: 2,
          question: capital,
          optionIds: ['o1', 'o2'],
          updatedAt: '2026-11-02T08:00:00.000Z',
        },
      ],
    },
    [IMPORT]: (request) => ({ status: 200, body: answerImport(request) }),
    [CREATE]: stored(1),
    [UPDATE]: stored(3),
    ...routes,
  });
  const path = `/courses/${courseId}/questions`;
  renderPage(<QuestionBankPage session={fakeSession(admin)} />, { path: '/courses/:courseId/questions', urls: [path] });
  return api;
}

const noImport = () => ({ questions: [], errors: [] });

/** Opens the form for a new question of a type and writes its text in English. */
async function newQuestion(type: string, text: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'New question' }));
  await user.selectOptions(screen.getByLabelText('Type of question'), type);
  await user.type(screen.getByLabelText('Question in English'), text);
  return user;
}

/** Empties a number box and types another number. */
async function retype(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  await user.clear(screen.getByLabelText(label));
  await user.type(screen.getByLabelText(label), value);
}

const gift = (text: string) => new File([text], 'policy.gift', { type: 'text/plain' });

afterEach(() => queryClient.clear());

describe('the question bank page', () => {
  it('when it loads, then each question shows with its type, version and tags, and the bank can be exported as GIFT', async () => {
    renderBank(() => ({ questions: [], errors: [] }));
    const item = (await screen.findByText('The capital of Switzerland?')).closest('li');
    expect(item).toHaveTextContent('Single choice, version 2');
    expect(item).toHaveTextContent('geography');
    expect(screen.getByRole('link', { name: 'Export as GIFT' })).toHaveAttribute(
      'href',
      `/api/courses/${courseId}/questions?format=gift&lang=en`,
    );
  });

  it('when a GIFT file has a broken line, then the dry run shows each question and the line’s error and Import stays off', async () => {
    const api = renderBank(() => ({
      questions: [capital, sky],
      errors: [{ line: 7, code: 'gift_syntax', message: 'This question is not valid GIFT.' }],
    }));
    await userEvent
      .setup()
      .upload(
        await screen.findByLabelText('Questions file: GIFT (from Moodle) or CSV (from a spreadsheet)'),
        gift('::Q1:: …'),
      );

    const preview = await screen.findByRole('region', { name: 'policy.gift: questions read: 2' });
    expect(within(preview).getByText('The sky is blue.')).toBeInTheDocument();
    expect(within(preview).getByText('True or false')).toBeInTheDocument();
    expect(within(preview).getByRole('alert')).toHaveTextContent('Line 7: This question is not valid GIFT.');
    expect(within(preview).getByRole('button', { name: 'Import questions (2)' })).toBeDisabled();
    expect(api.calls(IMPORT).map((request) => request.search.get('dryRun'))).toEqual(['true']);
  });

  it('when the dry run finds no error, then Import sends the same file for real and the list is asked again', async () => {
    const api = renderBank(() => ({ questions: [sky], errors: [] }));
    const user = userEvent.setup();
    await user.upload(
      await screen.findByLabelText('Questions file: GIFT (from Moodle) or CSV (from a spreadsheet)'),
      gift('The sky is blue. {T}'),
    );
    await user.click(await screen.findByRole('button', { name: 'Import questions (1)' }));

    expect(await screen.findByText('Questions imported: 1.')).toBeInTheDocument();
    expect(api.calls(IMPORT).map((request) => request.search.get('dryRun'))).toEqual(['true', 'false']);
    await waitFor(() => expect(api.calls(QUESTIONS)).toHaveLength(2));
    expect(screen.queryByRole('region', { name: /questions read/ })).not.toBeInTheDocument();
  });

  it('when a CSV file from a spreadsheet is chosen, then it is read as CSV, in the dry run and the import alike', async () => {
    const api = renderBank(() => ({ questions: [sky], errors: [] }));
    const user = userEvent.setup();
    const csv = new File(['type;question;correct\ntrue_false;The sky is blue.;true\n'], 'Fragen.CSV', {
      type: 'application/vnd.ms-excel',
    });
    await user.upload(
      await screen.findByLabelText('Questions file: GIFT (from Moodle) or CSV (from a spreadsheet)'),
      csv,
    );
    await user.click(await screen.findByRole('button', { name: 'Import questions (1)' }));

    expect(await screen.findByText('Questions imported: 1.')).toBeInTheDocument();
    expect(api.calls(IMPORT).map((request) => [request.search.get('format'), request.search.get('dryRun')])).toEqual([
      ['csv', 'true'],
      ['csv', 'false'],
    ]);
  });

  it('when a single choice question is written, then its text, tags, answers with their share and feedback are sent', async () => {
    const api = renderBank(noImport);
    const user = await newQuestion('single', 'Which city is the capital?');
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'geography, cities');
    await user.type(screen.getByLabelText('Answer 1 in English'), 'Bern');
    await user.type(screen.getByLabelText('Answer 2 in English'), 'Zurich');
    await user.type(screen.getByLabelText('Feedback on answer 2 in English'), 'Zurich is the largest city.');
    await user.click(screen.getByRole('button', { name: 'Save question' }));

    expect(await screen.findByText('Question added.')).toBeInTheDocument();
    expect(api.calls(CREATE)[0]?.body).toEqual({
      type: 'single',
      texts: { en: 'Which city is the capital?' },
      tags: ['geography', 'cities'],
      options: [
        { texts: { en: 'Bern' }, weight: 100 },
        { texts: { en: 'Zurich' }, weight: 0, feedback: { en: 'Zurich is the largest city.' } },
      ],
    });
    await waitFor(() => expect(api.calls(QUESTIONS)).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'New question' })).toHaveFocus());
  });

  it('when a multiple choice question gives partial credit, then each answer’s share is sent, a wrong one’s negative', async () => {
    const api = renderBank(noImport);
    const user = await newQuestion('multiple', 'What feeds a fire?');
    await user.click(screen.getByRole('button', { name: 'Add an answer' }));
    await user.type(screen.getByLabelText('Answer 1 in English'), 'Oxygen');
    await user.type(screen.getByLabelText('Answer 2 in English'), 'Fuel');
    await user.type(screen.getByLabelText('Answer 3 in English'), 'Water');
    await retype(user, 'Answer 1: share of the mark (%)', '50');
    await retype(user, 'Answer 2: share of the mark (%)', '50');
    await retype(user, 'Answer 3: share of the mark (%)', '-50');
    await user.click(screen.getByRole('button', { name: 'Save question' }));

    await waitFor(() => expect(api.calls(CREATE)).toHaveLength(1));
    expect(api.calls(CREATE)[0]?.body).toEqual({
      type: 'multiple',
      texts: { en: 'What feeds a fire?' },
      options: [
        { texts: { en: 'Oxygen' }, weight: 50 },
        { texts: { en: 'Fuel' }, weight: 50 },
        { texts: { en: 'Water' }, weight: -50 },
      ],
    });
  });

  it('when a true or false question is written, then its right answer and the feedback on each answer are sent', async () => {
    const api = renderBank(noImport);
    const user = await newQuestion('true_false', 'Lifts may be used in a fire.');
    await user.click(screen.getByRole('radio', { name: 'False' }));
    await user.type(
      screen.getByLabelText('Feedback on the answer “True” in English'),
      'A lift can stop between floors.',
    );
    await user.click(screen.getByRole('button', { name: 'Save question' }));

    await waitFor(() => expect(api.calls(CREATE)).toHaveLength(1));
    expect(api.calls(CREATE)[0]?.body).toEqual({
      type: 'true_false',
      texts: { en: 'Lifts may be used in a fire.' },
      answer: false,
      feedbackTrue: { en: 'A lift can stop between floors.' },
    });
  });

  it('when a short answer question is written, then its accepted answers are sent', async () => {
    const api = renderBank(noImport);
    const user = await newQuestion('short_answer', 'The capital of Switzerland?');
    await user.type(screen.getByLabelText('Accepted answer 1'), 'Bern');
    await user.click(screen.getByRole('button', { name: 'Add an accepted answer' }));
    await user.type(screen.getByLabelText('Accepted answer 2'), 'Berne');
    await retype(user, 'Accepted answer 2: share of the mark (%)', '80');
    await user.click(screen.getByRole('button', { name: 'Save question' }));

    await waitFor(() => expect(api.calls(CREATE)).toHaveLength(1));
    expect(api.calls(CREATE)[0]?.body).toEqual({
      type: 'short_answer',
      texts: { en: 'The capital of Switzerland?' },
      answers: [
        { text: 'Bern', weight: 100 },
        { text: 'Berne', weight: 80 },
      ],
    });
  });

  it('when an ordering question is written in two languages and an item moved up, then the items go in that order', async () => {
    const api = renderBank(noImport);
    const user = await newQuestion('ordering', 'In a fire, in which order?');
    await user.type(screen.getByLabelText('Item 1 in English'), 'Raise the alarm');
    await user.type(screen.getByLabelText('Item 2 in English'), 'Leave the building');
    await user.click(screen.getByRole('button', { name: 'Add an item' }));
    await user.type(screen.getByLabelText('Item 3 in English'), 'Close the doors');
    await user.click(screen.getByRole('button', { name: 'Move item 3 up' }));
    await user.click(screen.getByRole('tab', { name: /French/ }));
    await user.type(screen.getByLabelText('Question in French'), 'En cas d’incendie, dans quel ordre ?');
    await user.click(screen.getByRole('button', { name: 'Save question' }));

    await waitFor(() => expect(api.calls(CREATE)).toHaveLength(1));
    expect(api.calls(CREATE)[0]?.body).toEqual({
      type: 'ordering',
      texts: { en: 'In a fire, in which order?', fr: 'En cas d’incendie, dans quel ordre ?' },
      items: [
        { texts: { en: 'Raise the alarm' } },
        { texts: { en: 'Close the doors' } },
        { texts: { en: 'Leave the building' } },
      ],
    });
  });

  it('when the type is switched, then what still fits is kept: the answers become the items and back', async () => {
    const api = renderBank(noImport);
    const user = await newQuestion('single', 'Put them in order.');
    await user.type(screen.getByLabelText('Answer 1 in English'), 'First');
    await user.type(screen.getByLabelText('Answer 2 in English'), 'Second');
    await user.selectOptions(screen.getByLabelText('Type of question'), 'ordering');

    expect(screen.getByLabelText('Item 1 in English')).toHaveValue('First');
    expect(screen.getByLabelText('Item 2 in English')).toHaveValue('Second');
    expect(screen.getByLabelText('Question in English')).toHaveValue('Put them in order.');
    await user.selectOptions(screen.getByLabelText('Type of question'), 'multiple');
    expect(screen.getByLabelText('Answer 1 in English')).toHaveValue('First');
    expect(screen.getByLabelText('Answer 1: share of the mark (%)')).toHaveValue(100);
    await user.selectOptions(screen.getByLabelText('Type of question'), 'ordering');
    await user.click(screen.getByRole('button', { name: 'Save question' }));

    await waitFor(() => expect(api.calls(CREATE)).toHaveLength(1));
    expect(api.calls(CREATE)[0]?.body).toEqual({
      type: 'ordering',
      texts: { en: 'Put them in order.' },
      items: [{ texts: { en: 'First' } }, { texts: { en: 'Second' } }],
    });
  });

  it('when a single choice has no answer worth 100 %, then the form says so at the answers and sends nothing', async () => {
    const api = renderBank(noImport);
    const user = await newQuestion('single', 'Which city is the capital?');
    await user.type(screen.getByLabelText('Answer 1 in English'), 'Bern');
    await user.type(screen.getByLabelText('Answer 2 in English'), 'Zurich');
    await retype(user, 'Answer 1: share of the mark (%)', '50');
    await user.click(screen.getByRole('button', { name: 'Save question' }));

    expect(
      await screen.findByRole('group', { name: 'Answers', description: /exactly one/ }),
    ).toHaveAccessibleDescription(/One answer must earn 100 %/);
    expect(api.calls(CREATE)).toHaveLength(0);
  });

  it('when a question is edited, then the form shows its values, says that past scores stay, and saves it with PUT', async () => {
    const api = renderBank(noImport);
    const user = userEvent.setup();
    const edit = await screen.findByRole('button', { name: 'Edit the question “The capital of Switzerland?”' });
    await user.click(edit);

    expect(screen.getByText(/This is version 2\. If learners already took this question/)).toBeInTheDocument();
    expect(screen.getByLabelText('Type of question')).toHaveValue('single');
    expect(screen.getByRole('textbox', { name: 'Tags' })).toHaveValue('geography');
    expect(screen.getByLabelText('Answer 1 in English')).toHaveValue('Bern');
    expect(screen.getByLabelText('Answer 1: share of the mark (%)')).toHaveValue(100);
    expect(screen.getByLabelText('Answer 2 in English')).toHaveValue('Zurich');
    await user.clear(screen.getByLabelText('Question in English'));
    await user.type(screen.getByLabelText('Question in English'), 'Which city is the federal city?');
    await user.click(screen.getByRole('button', { name: 'Save question' }));

    expect(
      await screen.findByText('Question saved as version 3: learners who took an earlier version keep their score.'),
    ).toBeInTheDocument();
    expect(api.calls(UPDATE)[0]?.body).toEqual({ ...capital, texts: { en: 'Which city is the federal city?' } });
    expect(api.calls(CREATE)).toHaveLength(0);
    await waitFor(() => expect(edit).toHaveFocus());
  });

  it('when the API refuses a field, then its translated error shows next to that field, in the language it is in', async () => {
    const api = renderBank(noImport, {
      [CREATE]: apiError(400, 'validation_failed', [
        { path: 'options.1.texts.fr', code: 'text_too_long' },
      ]) as FakeReply,
    });
    const user = await newQuestion('single', 'Which city is the capital?');
    await user.type(screen.getByLabelText('Answer 1 in English'), 'Bern');
    await user.type(screen.getByLabelText('Answer 2 in English'), 'Zurich');
    await user.click(screen.getByRole('tab', { name: /French/ }));
    await user.type(screen.getByLabelText('Answer 2 in French'), 'Zurich');
    await user.click(screen.getByRole('tab', { name: /English/ }));
    await user.click(screen.getByRole('button', { name: 'Save question' }));

    const answer = await screen.findByLabelText('Answer 2 in French');
    expect(screen.getByRole('tab', { name: /French/ })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(answer).toHaveAccessibleDescription('This text is too long.'));
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls(CREATE)).toHaveLength(1);
  });

  it('when a question has unsaved changes and a link is followed, then the page asks first and the author can stay', async () => {
    renderBank(noImport);
    const user = await newQuestion('single', 'Draft question');
    await user.click(screen.getByRole('link', { name: 'Lessons' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveAccessibleDescription(
      'The question has changes that are not saved. If you leave now, they are lost.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Question in English')).toHaveValue('Draft question');
  });
});
