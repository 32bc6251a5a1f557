import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it } from '@jest/globals';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { admin, fakeApi, type FakeRequest } from '../../../../jest/fake-api.ts';
import { queryClient } from '../../lib/queries.ts';
import { courseId } from '../../testing/fixtures.ts';
import QuestionBankPage from './question-bank.tsx';

const QUESTIONS = `GET /api/courses/${courseId}/questions`;
const IMPORT = `POST /api/courses/${courseId}/questions/import`;

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

function renderBank(answerImport: (request: FakeRequest) => { questions: unknown[]; errors: unknown[] }) {
  const api = fakeApi({
    [QUESTIONS]: {
      status: 200,
      body: [
        {
          id: 'b0000000-0000-4000-8000-000000000001',
          courseId,
          version: 2,
          question: capital,
          optionIds: ['o1', 'o2'],
          updatedAt: '2026-11-02T08:00:00.000Z',
        },
      ],
    },
    [IMPORT]: (request) => ({ status: 200, body: answerImport(request) }),
  });
  const path = `/courses/${courseId}/questions`;
  renderPage(<QuestionBankPage session={fakeSession(admin)} />, { path: '/courses/:courseId/questions', urls: [path] });
  return api;
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
});
