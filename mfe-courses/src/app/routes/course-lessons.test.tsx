import '@portal/web-kit/testing/setup-i18n';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Course } from '@portal/contracts/courses';
import type { Lesson, LessonOutline } from '@portal/contracts/lessons';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { anna, apiError, fakeApi } from '../../../../jest/fake-api.ts';
import { queryClient } from '../../lib/queries.tsx';
import { course } from '../../testing/fixtures.ts';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import CourseDetailsPage from './course-details.tsx';

const shown = course({ title: 'Fire safety', description: '<p>Why exits matter.</p>' });
const FILE_ID = '7f3e2d1c-0b9a-4876-a543-210fedcba987';

function lesson(position: number, values: Partial<Lesson> = {}): Lesson {
  return {
    id: `00000000-0000-4000-8000-00000000000${position}`,
    courseId: shown.id,
    position,
    kind: 'text',
    title: `Lesson ${position}`,
    body: `<p>Text of lesson ${position}.</p>`,
    language: 'en',
    defaultLanguage: 'en',
    languages: ['en'],
    fileId: null,
    viewedAt: null,
    ...values,
  };
}

function openCourse(outline: LessonOutline | ReturnType<typeof apiError>, extra: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    [`GET /api/courses/${shown.id}`]: { status: 200, body: shown satisfies Course },
    [`GET /api/courses/${shown.id}/lessons`]: 'status' in outline ? outline : { status: 200, body: outline },
    [`GET /api/files/course/${shown.id}/files`]: {
      status: 200,
      body: [
        {
          id: FILE_ID,
          fileName: 'Floor plan.pdf',
          fileSize: 2048,
          fileType: 'application/pdf',
          uploadedAt: '2026-11-02T08:00:00.000Z',
          courseId: shown.id,
        },
      ],
    },
    'GET /api/courses/participations/mine': { status: 200, body: [] },
    'GET /api/assignments/mine': { status: 200, body: [] },
    ...extra,
  });
  renderPage(<CourseDetailsPage session={fakeSession(anna)} />, {
    path: '/course/:courseId',
    urls: [`/course/${shown.id}`],
  });
  return api;
}

const outlineNav = () => screen.findByRole('navigation', { name: 'Course outline' });
const current = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('button')
    .find((b) => b.getAttribute('aria-current'));

describe('the lessons of a course', () => {
  afterEach(() => {
    queryClient.clear();
    jest.restoreAllMocks();
  });

  it('when a course has no lessons, then its page shows its description and no outline, as before', async () => {
    const api = openCourse({ lessons: [], continueWith: null });
    expect(await screen.findByText('Why exits matter.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls(`GET /api/courses/${shown.id}/lessons`)).toHaveLength(1));
    expect(screen.queryByRole('navigation', { name: 'Course outline' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Lessons' })).not.toBeInTheDocument();
  });

  it('when the outline cannot be loaded, then the course still stands with its description', async () => {
    openCourse(apiError(503, 'service_unavailable'));
    expect(await screen.findByText('Why exits matter.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Course outline' })).not.toBeInTheDocument();
  });

  it('when the reader viewed the first lesson, then the outline marks it done and opens the second, where they left off', async () => {
    openCourse({
      lessons: [lesson(1, { viewedAt: '2026-11-20T09:00:00.000Z' }), lesson(2), lesson(3)],
      continueWith: lesson(2).id,
    });
    const nav = await outlineNav();
    const items = within(nav).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      'Lesson 1(viewed)',
      '2Lesson 2(not viewed yet)',
      '3Lesson 3(not viewed yet)',
    ]);
    expect(current(nav)).toBe(items[1]);
    expect(current(nav)).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('heading', { level: 3, name: 'Lesson 2 of 3: Lesson 2' })).toBeInTheDocument();
    expect(screen.getByText('Text of lesson 2.')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 viewed')).toBeInTheDocument();
  });

  it('when the reader marks a lesson viewed, then the server is told, the mark shows and the next lesson opens', async () => {
    const second = lesson(2);
    const api = openCourse(
      { lessons: [lesson(1, { viewedAt: '2026-11-20T09:00:00.000Z' }), second, lesson(3)], continueWith: second.id },
      {
        [`POST /api/lessons/${second.id}/viewed`]: {
          status: 200,
          body: { lessonId: second.id, viewedAt: '2026-12-01T10:00:00.000Z' },
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as viewed and go on' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Lesson 3 of 3: Lesson 3' })).toBeInTheDocument();
    expect(api.calls(`POST /api/lessons/${second.id}/viewed`)).toHaveLength(1);
    const nav = await outlineNav();
    expect(within(nav).getByRole('button', { name: 'Lesson 2 (viewed)' })).toBeInTheDocument();
    expect(current(nav)).toHaveAccessibleName('Lesson 3 (not viewed yet)');
    expect(screen.getByText('2 of 3 viewed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as viewed' })).toBeInTheDocument();
  });

  it('when the reader opens a viewed lesson, then Continue takes them back to the first one not viewed', async () => {
    openCourse({
      lessons: [lesson(1, { viewedAt: '2026-11-20T09:00:00.000Z' }), lesson(2)],
      continueWith: lesson(2).id,
    });
    const nav = await outlineNav();
    expect(screen.queryByRole('button', { name: 'Continue where you left off' })).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Lesson 1 (viewed)' }));
    expect(screen.getByText('Text of lesson 1.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next lesson' }));
    expect(screen.getByText('Text of lesson 2.')).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Lesson 1 (viewed)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue where you left off' }));
    expect(current(nav)).toHaveAccessibleName('Lesson 2 (not viewed yet)');
  });

  it('when a lesson is a file, then it offers the course file by its name as a download', async () => {
    openCourse({ lessons: [lesson(1, { kind: 'file', body: '', fileId: FILE_ID })], continueWith: lesson(1).id });
    const link = await screen.findByRole('link', { name: 'Download Floor plan.pdf' });
    expect(link).toHaveAttribute('href', `/api/files/download/${FILE_ID}`);
  });

  it('when marking fails, then the reader is told and the lesson stays open and not viewed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    openCourse(
      { lessons: [lesson(1), lesson(2)], continueWith: lesson(1).id },
      { [`POST /api/lessons/${lesson(1).id}/viewed`]: apiError(503, 'service_unavailable') },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as viewed and go on' }));
    expect(await screen.findByText('The lesson could not be marked as viewed. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Text of lesson 1.')).toBeInTheDocument();
    expect(screen.getByText('0 of 2 viewed')).toBeInTheDocument();
  });
});
