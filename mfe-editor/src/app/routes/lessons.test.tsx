import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Lesson } from '@portal/contracts/lessons';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { admin, anna, apiError, fakeApi, type FakeReply } from '../../../../jest/fake-api.ts';
import { queryClient } from '../../lib/queries.ts';
import { course, courseId, lesson, storedFile } from '../../testing/fixtures.ts';
import LessonsPage from './lessons.tsx';

const welcome = lesson('a0000000-0000-4000-8000-000000000001', 'Welcome', 1);
const rules = lesson('a0000000-0000-4000-8000-000000000002', 'The rules', 2);
const check = lesson('a0000000-0000-4000-8000-000000000003', 'Check yourself', 3, { kind: 'quiz', body: '' });

const outline = (lessons: Lesson[]) => ({
  status: 200,
  body: {
    lessons: lessons.map((item, index) => ({ ...item, position: index + 1 })),
    continueWith: null,
  },
});

function renderLessons(routes: Parameters<typeof fakeApi>[0] = {}, user = admin) {
  const api = fakeApi({
    'GET /api/courses/c0ffee00-0000-4000-8000-000000000001': { status: 200, body: course({ files: [storedFile()] }) },
    'GET /api/courses/c0ffee00-0000-4000-8000-000000000001/lessons': outline([welcome, rules, check]),
    ...routes,
  });
  const path = `/courses/${courseId}/lessons`;
  renderPage(<LessonsPage session={fakeSession(user)} />, { path: '/courses/:courseId/lessons', urls: [path] });
  return api;
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Lessons in order' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('span:not([aria-hidden])')?.textContent);

afterEach(() => queryClient.clear());

describe('the lessons page', () => {
  it('when an author moves a lesson up with the keyboard, then the new order is saved, announced and the focus stays on the lesson', async () => {
    const api = renderLessons({
      'PUT /api/courses/c0ffee00-0000-4000-8000-000000000001/lessons/order': outline([rules, welcome, check]),
    });
    const user = userEvent.setup();
    const moveUp = await screen.findByRole('button', { name: 'Move “The rules” up' });
    moveUp.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(titles()).toEqual(['1. The rules', '2. Welcome', '3. Check yourself']));
    expect(api.calls('PUT /api/courses/c0ffee00-0000-4000-8000-000000000001/lessons/order')[0]?.body).toEqual({
      lessonIds: [rules.id, welcome.id, check.id],
    });
    expect(screen.getByText('“The rules” is now lesson 1 of 3.')).toBeInTheDocument();
    // At the top its Move up is disabled: Move down has the focus, so the keyboard can go on.
    expect(screen.getByRole('button', { name: 'Move “The rules” up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move “The rules” down' })).toHaveFocus();
  });

  it('when the server refuses the new order, then the lessons are back in their order and the author is told', async () => {
    renderLessons({
      'PUT /api/courses/c0ffee00-0000-4000-8000-000000000001/lessons/order': apiError(400, 'validation_failed', [
        { path: 'lessonIds', code: 'lesson_order_mismatch' },
      ]) as FakeReply,
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Move “Welcome” down' }));

    await waitFor(() =>
      expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
        'The new order could not be saved; the lessons are back in their order.',
      ),
    );
    expect(titles()).toEqual(['1. Welcome', '2. The rules', '3. Check yourself']);
  });

  it('when a lesson is added without a title, then the form says so at the title and sends nothing', async () => {
    const api = renderLessons();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a lesson' }));
    await user.selectOptions(screen.getByLabelText('Kind of lesson'), 'quiz');
    await user.click(screen.getByRole('button', { name: 'Save lesson' }));

    expect(await screen.findByText('Please enter a title.')).toBeInTheDocument();
    expect(api.calls('POST /api/courses/c0ffee00-0000-4000-8000-000000000001/lessons')).toHaveLength(0);
  });

  it('when a file lesson has no file, then the form asks for one of the course files', async () => {
    renderLessons();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a lesson' }));
    await user.selectOptions(screen.getByLabelText('Kind of lesson'), 'file');
    await user.type(screen.getByLabelText('Title in English'), 'Handbook');
    await user.click(screen.getByRole('button', { name: 'Save lesson' }));

    expect(await screen.findByText('Please choose a file of the course.')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Handbook 2026.pdf' })).toBeInTheDocument();
  });

  it('when a video lesson is added, then only the WebVTT files are offered as its captions and the chosen one is sent', async () => {
    const video = storedFile({
      id: 'a1000000-0000-4000-8000-0000000000b1',
      fileName: 'drill.webm',
      fileType: 'video/webm',
    });
    const captions = storedFile({
      id: 'a1000000-0000-4000-8000-0000000000c1',
      fileName: 'drill.en.vtt',
      fileType: 'text/vtt',
    });
    const api = renderLessons({
      'GET /api/courses/c0ffee00-0000-4000-8000-000000000001': {
        status: 200,
        body: course({ files: [video, captions] }),
      },
      'POST /api/courses/c0ffee00-0000-4000-8000-000000000001/lessons': {
        status: 201,
        body: lesson('a0000000-0000-4000-8000-000000000009', 'The drill', 4, { kind: 'video', body: '' }),
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a lesson' }));
    await user.selectOptions(screen.getByLabelText('Kind of lesson'), 'video');
    const videoFile = screen.getByLabelText('Video file');
    expect(within(videoFile).queryByRole('option', { name: 'drill.en.vtt' })).not.toBeInTheDocument();
    await user.selectOptions(videoFile, 'drill.webm');
    const captionsField = screen.getByLabelText('Captions in English');
    expect(
      within(captionsField)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No captions', 'drill.en.vtt']);
    await user.selectOptions(captionsField, 'drill.en.vtt');
    await user.type(screen.getByLabelText('Title in English'), 'The drill');
    await user.click(screen.getByRole('button', { name: 'Save lesson' }));

    await waitFor(() =>
      expect(api.calls('POST /api/courses/c0ffee00-0000-4000-8000-000000000001/lessons')[0]?.body).toEqual({
        kind: 'video',
        defaultLanguage: 'en',
        texts: { en: { title: 'The drill' } },
        fileId: video.id,
        captions: { en: captions.id },
      }),
    );
  });

  it('when the API refuses a field, then its translated error shows next to that field', async () => {
    const api = renderLessons({
      'POST /api/courses/c0ffee00-0000-4000-8000-000000000001/lessons': apiError(400, 'validation_failed', [
        { path: 'texts.en.title', code: 'title_too_long' },
      ]) as FakeReply,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a lesson' }));
    await user.selectOptions(screen.getByLabelText('Kind of lesson'), 'quiz');
    await user.type(screen.getByLabelText('Title in English'), 'Final check');
    await user.click(screen.getByRole('button', { name: 'Save lesson' }));

    const title = screen.getByLabelText('Title in English');
    await waitFor(() => expect(title).toHaveAccessibleDescription('The title can have at most 100 characters.'));
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /api/courses/c0ffee00-0000-4000-8000-000000000001/lessons')[0]?.body).toEqual({
      kind: 'quiz',
      defaultLanguage: 'en',
      texts: { en: { title: 'Final check' } },
      fileId: null,
    });
  });

  it('when the outline has a quiz lesson, then it links to that quiz’s report and no other lesson does', async () => {
    renderLessons();
    const report = await screen.findByRole('link', { name: 'Quiz report of “Check yourself”' });
    expect(report).toHaveAttribute('href', `/admin/quizzes/${check.id}`);
    expect(screen.getAllByRole('link', { name: /^Quiz report of/ })).toHaveLength(1);
  });

  it('when a quiz lesson gets a pass mark over 100, then its settings say so and nothing is saved', async () => {
    const api = renderLessons({
      'GET /api/lessons/a0000000-0000-4000-8000-000000000003/quiz': {
        status: 200,
        body: {
          draw: { mode: 'all' },
          passPercent: 80,
          attemptsAllowed: null,
          waitMinutes: 0,
          timeLimitMinutes: null,
          shuffle: true,
          feedback: 'score',
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Quiz settings' }));
    const passMark = await screen.findByLabelText('Pass mark (%)');
    await user.clear(passMark);
    await user.type(passMark, '150');
    await user.click(screen.getByRole('button', { name: 'Save quiz settings' }));

    expect(await screen.findByText('The pass mark is a percentage from 0 to 100.')).toBeInTheDocument();
    expect(api.calls('PUT /api/lessons/a0000000-0000-4000-8000-000000000003/quiz')).toHaveLength(0);
  });

  it('when the quizzes service has not heard of a new quiz lesson yet, then its settings are asked again until it has', async () => {
    let asked = 0;
    const api = renderLessons({
      'GET /api/lessons/a0000000-0000-4000-8000-000000000003/quiz': () => {
        asked += 1;
        if (asked === 1) return apiError(404, 'not_found');
        return {
          status: 200,
          body: {
            draw: { mode: 'all' },
            passPercent: 70,
            attemptsAllowed: null,
            waitMinutes: 0,
            timeLimitMinutes: null,
            shuffle: true,
            feedback: 'score',
          },
        };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Quiz settings' }));
    expect(await screen.findByLabelText('Pass mark (%)', {}, { timeout: 5000 })).toHaveValue(70);
    expect(api.calls('GET /api/lessons/a0000000-0000-4000-8000-000000000003/quiz')).toHaveLength(2);
  });

  it('when someone who is no administrator opens it, then they are told and no lesson is shown', () => {
    renderLessons({}, anna);
    expect(screen.getByRole('alert')).toHaveTextContent('Only system administrators may write lessons and questions.');
  });
});
