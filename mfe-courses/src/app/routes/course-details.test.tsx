import '@portal/web-kit/testing/setup-i18n';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Course, CourseFile } from '@portal/contracts/courses';
import type { CourseResult } from '@portal/contracts/course-results';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import i18next from 'i18next';
import { admin, anna, apiError, type FakeReply, fakeApi, pendingReply } from '../../../../jest/fake-api.ts';
import type { MyParticipation } from '@portal/contracts/courses';
import { queryClient } from '../../lib/queries.tsx';
import { course, leadership, onboarding, security, taking } from '../../testing/fixtures.ts';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import CourseDetailsPage from './course-details.tsx';

const handbook = {
  id: '7f3e2d1c-0b9a-4876-a543-210fedcba987',
  fileName: 'Handbook 2026.pdf',
  fileSize: 1_572_864,
  fileType: 'application/pdf',
  uploadedAt: '2026-11-02T08:00:00.000Z',
  courseId: '00000000-0000-4000-8000-000000000000',
};
const checklist = {
  ...handbook,
  id: '8a4f3e2d-1c0b-4987-b654-3210fedcba98',
  fileName: 'Checklist.docx',
  fileSize: 900,
};

function openCourse(
  shown: Course | FakeReply,
  {
    urls,
    routes = {},
    user = anna,
    mine = [],
    files = [],
  }: {
    urls?: string[];
    routes?: Parameters<typeof fakeApi>[0];
    user?: typeof anna;
    mine?: MyParticipation[];
    files?: CourseFile[] | Parameters<typeof fakeApi>[0][string];
  } = {},
) {
  const reply = 'status' in shown ? shown : { status: 200, body: shown };
  const id = 'status' in shown ? 'c0ffee00-0000-4000-8000-000000000001' : shown.id;
  const api = fakeApi({
    [`GET /api/courses/${id}`]: reply,
    [`GET /api/files/course/${id}/files`]: Array.isArray(files) ? { status: 200, body: files } : files,
    'GET /api/courses/participations/mine': { status: 200, body: mine },
    'GET /api/assignments/mine': { status: 200, body: [] },
    [`GET /api/courses/${id}/lessons`]: { status: 200, body: { lessons: [], continueWith: null } },
    ...routes,
  });
  renderPage(<CourseDetailsPage session={fakeSession(user)} />, {
    path: '/course/:courseId',
    urls: urls ?? [`/course/${id}`],
  });
  return api;
}

const title = (name: string) => screen.findByRole('heading', { level: 1, name });
const main = () => screen.getByRole('article');

describe('course details', () => {
  afterEach(() => {
    queryClient.clear();
    jest.restoreAllMocks();
  });

  it('when the course loads, then its title, categories, participants, completions, description, files and close icon are shown', async () => {
    const shown = course({
      title: 'Leading in everyday work',
      categories: [leadership, onboarding],
      participantCount: 1234,
      completedCount: 56,
      description: '<h2>Feedback</h2><p>Give <strong>clear</strong> feedback.</p>',
    });
    const api = openCourse(shown, { files: [handbook] });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the course…');

    expect(await title('Leading in everyday work')).toBeInTheDocument();
    expect(within(main()).queryByText('Draft')).not.toBeInTheDocument();
    expect(screen.getByText('Leadership, Onboarding')).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('Completed by').nextElementSibling).toHaveTextContent('56');
    expect(screen.getByRole('heading', { level: 2, name: 'Feedback' })).toBeInTheDocument();
    expect(screen.getByText('clear').tagName).toBe('STRONG');
    // The course's body is the same for every reader: the viewer's participation and the files come apart.
    const [asked] = api.calls(`GET /api/courses/${shown.id}`);
    expect(asked?.search.get('participants')).toBe('omit');
    expect(asked?.search.get('files')).toBe('omit');
    const download = await screen.findByRole('link', { name: 'Handbook 2026.pdf' });
    expect(download).toHaveAttribute('href', `/api/files/download/${handbook.id}`);
    expect(download).toHaveAttribute('target', '_blank');
    expect(download).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('1.5 MB')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /ZIP/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Close and go back to the overview' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('when the description carries scripts, event handlers, foreign tags or styles, then none of them reach the page', async () => {
    const shown = course({
      description: [
        '<p>Safe <em>text</em><script>window.hacked = true</script></p>',
        '<img src="x" onerror="window.hacked = true">',
        '<p onclick="window.hacked = true">Click me</p>',
        '<iframe src="https://evil.example"></iframe>',
        '<p><a href="javascript:alert(1)">bad link</a> <a href="https://example.com/guide">good link</a></p>',
        '<p><a href="data:text/html,<script>alert(1)</script>">data link</a> <a href="matrix:r/x">chat link</a></p>',
        '<p><span style="color: #6b21a8; position: fixed">purple</span> <strong style="color: red">bold</strong></p>',
        '<form><input name="password"></form><svg><script>1</script></svg>',
      ].join(''),
    });
    openCourse(shown);
    await title(shown.title);
    const description = screen.getByRole('region', { name: 'Description' });

    expect(description.querySelector('script, img, iframe, form, input, svg')).toBeNull();
    expect(document.querySelector('script, img, iframe, [onerror], [onclick]')).toBeNull();
    expect(screen.getByText('text').tagName).toBe('EM');
    expect(screen.getByText('Click me')).toBeInTheDocument();
    expect(screen.getByText('bad link')).not.toHaveAttribute('href');
    expect(screen.getByText('data link')).not.toHaveAttribute('href');
    expect(screen.getByText('chat link')).not.toHaveAttribute('href');
    const good = screen.getByRole('link', { name: 'good link' });
    expect(good).toHaveAttribute('href', 'https://example.com/guide');
    expect(good).toHaveAttribute('target', '_blank');
    expect(good).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('purple')).toHaveAttribute('style', 'color: #6b21a8');
    expect(screen.getByText('bold')).not.toHaveAttribute('style');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('when the course is a draft, then the Draft marker is shown beside its title', async () => {
    openCourse(course({ title: 'Advanced incident response', isPublished: false, categories: [security] }));
    await title('Advanced incident response');
    expect(within(main()).getByText('Draft')).toBeInTheDocument();
  });

  it('when the course has neither categories nor files, then both say so', async () => {
    openCourse(course({ categories: [] }), { files: [] });
    await title('Welcome to the course portal');
    expect(screen.getByText('No categories')).toBeInTheDocument();
    expect(await screen.findByText('This course has no files.')).toBeInTheDocument();
  });

  it('when the files service is down, then the course is shown and its files say "Files are unavailable right now"', async () => {
    const files = pendingReply();
    openCourse(course(), { files: files.route });
    await title('Welcome to the course portal');
    expect(screen.getByText('Loading the files…')).toBeInTheDocument();

    files.send(apiError(503, 'service_unavailable'));
    expect(await screen.findByText('Files are unavailable right now. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByText('Loading the files…')).not.toBeInTheDocument();
    expect(screen.queryByText('This course has no files.')).not.toBeInTheDocument();
  });

  it('when the course has several files, then each is a download link and all of them come as one zip', async () => {
    const shown = course();
    openCourse(shown, { files: [handbook, checklist] });
    await title(shown.title);
    const list = await screen.findByRole('list');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Handbook 2026.pdf', 'Checklist.docx']);
    expect(screen.getByText('900 bytes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download all 2 files as a ZIP archive' })).toHaveAttribute(
      'href',
      `/api/files/course/${shown.id}/files/download`,
    );
  });

  it('when Start is pressed, then the course shows as started at once and the server is told; a course completed by confirmation asks for no result', async () => {
    const shown = course({ participantCount: 3 });
    const start = pendingReply();
    const api = openCourse(shown, { routes: { 'POST /api/courses/register-for-course': start.route } });
    const user = userEvent.setup();
    await title(shown.title);
    expect(screen.queryByRole('button', { name: 'Upload result' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start course' }));
    expect(screen.getByRole('button', { name: 'Mark as completed' })).toBeDisabled();
    expect(screen.getByText('You have started this course.')).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument();
    expect(api.calls('POST /api/courses/register-for-course')[0]?.search.get('courseId')).toBe(shown.id);

    start.send({
      status: 200,
      body: { courseId: shown.id, userId: anna.id, startedAt: '2026-11-22T09:00:00.000Z', completedAt: null },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark as completed' })).toBeEnabled());
    expect(screen.queryByLabelText('Upload result')).not.toBeInTheDocument();
  });

  it('when a course completes by its quizzes, then a learner taking it gets no Mark as completed, only how it completes', async () => {
    const shown = course({ completionRequires: ['quizzes_passed'], participants: [{ id: anna.id }] });
    openCourse(shown, { mine: [taking(shown.id)] });
    await title(shown.title);
    expect(await screen.findByText('This course is completed when you have passed every quiz.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as completed' })).not.toBeInTheDocument();
  });

  it('when Mark as completed is confirmed, then the course is completed and the completion date is shown', async () => {
    const shown = course({ participantCount: 2, participants: [{ id: anna.id }] });
    const api = openCourse(shown, {
      mine: [taking(shown.id)],
      routes: {
        'POST /api/courses/complete-course': {
          status: 200,
          body: {
            courseId: shown.id,
            userId: anna.id,
            startedAt: '2026-11-20T09:00:00.000Z',
            completedAt: '2026-11-22T10:30:00.000Z',
          },
        },
      },
    });
    const user = userEvent.setup();
    await title(shown.title);

    await user.click(screen.getByRole('button', { name: 'Mark as completed' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Mark this course as completed?' });
    expect(dialog).toHaveAccessibleDescription(/will be recorded as completed today/);
    expect(api.calls('POST /api/courses/complete-course')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Mark as completed' }));

    expect(await screen.findByText('Completed on Nov 22, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start course' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Upload result' })).not.toBeInTheDocument();
    expect(screen.getByText('1')).toBeInTheDocument();
    expect(api.calls('POST /api/courses/complete-course')[0]?.search.get('courseId')).toBe(shown.id);
  });

  it('when Mark as completed is cancelled, then nothing is sent and the course stays started', async () => {
    const shown = course({ participantCount: 2 });
    const api = openCourse(shown, {
      mine: [taking(shown.id)],
      routes: { 'POST /api/courses/complete-course': apiError(500, 'internal_error') },
    });
    const user = userEvent.setup();
    await title(shown.title);
    await user.click(screen.getByRole('button', { name: 'Mark as completed' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as completed' })).toHaveFocus();
    expect(screen.getByText('You have started this course.')).toBeInTheDocument();
    expect(api.calls('POST /api/courses/complete-course')).toHaveLength(0);
  });

  it('when the server refuses Start, then a translated message says so and the course is not started', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const shown = course({ participantCount: 3 });
    openCourse(shown, { routes: { 'POST /api/courses/register-for-course': apiError(500, 'internal_error') } });
    const user = userEvent.setup();
    await title(shown.title);
    await user.click(screen.getByRole('button', { name: 'Start course' }));

    expect(await screen.findByText('The course could not be started. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start course' })).toBeEnabled();
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload result' })).not.toBeInTheDocument();
  });

  it.each([
    [
      'the portal cannot be reached',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'The portal cannot be reached. Please check your connection and try again.',
    ],
    [
      'the course service is down',
      () => apiError(503, 'service_unavailable'),
      'The course service is not available right now. Please try again in a moment.',
    ],
  ])('when %s while starting, then the message says so', async (_case, reply, message) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const shown = course();
    openCourse(shown, { routes: { 'POST /api/courses/register-for-course': reply } });
    await title(shown.title);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start course' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start course' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'History' })).not.toBeInTheDocument();
  });

  it('when the participations cannot be loaded, then the course is shown all the same, not started', async () => {
    const shown = course();
    openCourse(shown, { routes: { 'GET /api/courses/participations/mine': apiError(503, 'service_unavailable') } });
    expect(await title(shown.title)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start course' })).toBeEnabled();
  });

  it('when an administrator opens a draft, then it is a preview without Start, and Edit leads to the editor', async () => {
    const shown = course({ title: 'Advanced incident response', isPublished: false });
    openCourse(shown, { user: admin });
    await title('Advanced incident response');
    expect(screen.getByRole('note')).toHaveTextContent(
      'Draft – preview as employees will see it once it is published.',
    );
    expect(screen.queryByRole('button', { name: 'Start course' })).not.toBeInTheDocument();
    expect(screen.getByText(/This is a draft, so it cannot be started/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/edit-course/${shown.id}`);
    expect(screen.getByRole('link', { name: 'Lessons' })).toHaveAttribute('href', `/courses/${shown.id}/lessons`);
  });

  it('when an administrator opens a course, then its history says who changed it when, and links to the whole trail', async () => {
    const shown = course({ title: 'Advanced incident response' });
    const change = (seq: string, action: string, name: string) => ({
      seq,
      recordedAt: '2026-11-20T10:00:01.000Z',
      hash: 'ab'.repeat(32),
      occurredAt: '2026-11-20T10:00:00.000Z',
      actor: { id: admin.id, name },
      from: {},
      action,
      object: { type: 'course', id: shown.id },
      outcome: 'success',
      service: 'courses',
    });
    const api = openCourse(shown, {
      user: admin,
      routes: {
        'GET /api/audit': {
          status: 200,
          body: { entries: [change('2', 'course.published', 'Ada Admin'), change('1', 'course.created', 'Bo Author')] },
        },
      },
    });
    await title('Advanced incident response');
    const history = within(await screen.findByRole('region', { name: 'History' }));
    expect(await history.findByText(/Published by Ada Admin on/)).toBeInTheDocument();
    expect(history.getByText(/Created by Bo Author on/)).toBeInTheDocument();
    expect(history.getByRole('link', { name: 'Full history in the audit trail' })).toHaveAttribute(
      'href',
      `/admin/audit?objectId=${shown.id}`,
    );
    expect(api.calls('GET /api/audit')[0]?.search.get('objectId')).toBe(shown.id);
  });

  it('when an employee opens a course, then there is no Edit button and no preview banner', async () => {
    openCourse(course());
    await title('Welcome to the course portal');
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Lessons' })).not.toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start course' })).toBeEnabled();
  });

  it('when the course does not exist (404), then "Course not found." is shown where it is, and Back goes one page back', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    openCourse(apiError(404, 'not_found'), {
      urls: ['/dashboard?page=2', '/course/c0ffee00-0000-4000-8000-000000000001'],
    });
    expect(await title('Course not found.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/course/c0ffee00-0000-4000-8000-000000000001');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard?page=2');
  });

  it('when the id is malformed (400) and the page was opened directly, then Back leads to the dashboard', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ 'GET /api/courses/42': apiError(400, 'validation_failed', [{ path: '', code: 'id_invalid' }]) });
    renderPage(<CourseDetailsPage session={fakeSession(anna)} />, { path: '/course/:courseId', urls: ['/course/42'] });
    expect(await title('Course not found.')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('when the course service is down, then a translated error with Retry is shown, and Retry loads the course', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const shown = course();
    let down = true;
    fakeApi({
      [`GET /api/courses/${shown.id}`]: () =>
        down ? apiError(503, 'service_unavailable') : { status: 200, body: shown },
      'GET /api/courses/participations/mine': { status: 200, body: [] },
    });
    renderPage(<CourseDetailsPage session={fakeSession(anna)} />, {
      path: '/course/:courseId',
      urls: [`/course/${shown.id}`],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The course could not be loaded.');
    expect(alert).toHaveTextContent('The course service is not available right now.');

    down = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await title(shown.title)).toBeInTheDocument();
  });

  it('when the interface is in Romansh, then the page and its dates are in Romansh', async () => {
    await i18next.changeLanguage('rm');
    const shown = course();
    openCourse(shown, {
      mine: [taking(shown.id, '2026-11-22T10:30:00.000Z')],
      files: apiError(503, 'service_unavailable'),
    });
    await title('Welcome to the course portal');
    expect(screen.getByRole('button', { name: 'Cumenzar il curs' })).toBeInTheDocument();
    expect(screen.getByText(/^Terminà ils /)).toHaveTextContent(/22.*2026/);
    expect(await screen.findByText(/Las datotecas n’èn actualmain betg disponiblas/)).toBeInTheDocument();
  });

  it('when the course is not in the reader language, then the page asks for it in that language, says which one is shown, names the others and marks the text with its language', async () => {
    await i18next.changeLanguage('fr');
    const shown = course({
      title: 'Sicherheit am Arbeitsplatz',
      description: '<p>Tragen Sie einen Helm.</p>',
      language: 'de',
      defaultLanguage: 'de',
      languages: ['de', 'rm'],
    });
    const api = openCourse(shown);
    const heading = await title('Sicherheit am Arbeitsplatz');
    expect(heading).toHaveAttribute('lang', 'de');
    expect(screen.getByText('Tragen Sie einen Helm.').closest('[lang]')).toHaveAttribute('lang', 'de');
    expect(screen.getByText('Pas encore disponible en français – affiché en allemand')).toBeInTheDocument();
    expect(screen.getByText('Aussi en :', { exact: false })).toHaveTextContent('Aussi en : RM romanche');
    expect(api.requests[0]?.search.get('lang')).toBe('fr');
  });

  it('when the course is in the reader language, then no note is shown', async () => {
    openCourse(course({ title: 'Leading in everyday work', languages: ['en'] }));
    await title('Leading in everyday work');
    expect(screen.queryByText(/Not yet available/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Also in/)).not.toBeInTheDocument();
  });

  describe('when the course is assigned to the reader', () => {
    const shown = course({ title: 'Fire safety' });
    const dueAt = `${new Date().getFullYear()}-03-12T12:00:00.000Z`;
    const assigned = (status: string) => ({
      'GET /api/assignments/mine': {
        status: 200,
        body: [{ courseId: shown.id, courseTitle: 'Fire safety', mandatory: true, dueAt, completedAt: null, status }],
      },
    });

    it('then the page says it is mandatory and when it is due', async () => {
      openCourse(shown, { routes: assigned('not-started') });
      await title('Fire safety');
      expect(await screen.findByRole('note')).toHaveTextContent('Assigned to you: Mandatory · due March 12');
    });

    it('when it is overdue and the interface is in French, then the page says so in French', async () => {
      await i18next.changeLanguage('fr');
      openCourse(shown, { routes: assigned('overdue') });
      await title('Fire safety');
      expect(await screen.findByRole('note')).toHaveTextContent(
        'Assigné à vous : Obligatoire · en retard depuis le 12 mars',
      );
    });
  });

  it('when the course is not assigned to the reader, then no due date is shown', async () => {
    openCourse(course({ title: 'Fire safety' }));
    await title('Fire safety');
    expect(screen.queryByText(/Assigned to you/)).not.toBeInTheDocument();
  });

  describe('a course completed by an uploaded result', () => {
    const originalXhr = globalThis.XMLHttpRequest;
    beforeEach(() => {
      // Without XMLHttpRequest the API client uploads through fetch, which the fake API answers.
      (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = undefined;
    });
    afterEach(() => {
      globalThis.XMLHttpRequest = originalXhr;
    });

    const byResult = () => course({ completionProof: 'upload' });
    const result = (courseId: string, values: Partial<CourseResult> = {}): CourseResult => ({
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      courseId,
      userId: anna.id,
      fileName: 'Certificate.pdf',
      fileType: 'application/pdf',
      fileSize: 2048,
      status: 'pending',
      uploadedAt: '2026-11-22T09:00:00.000Z',
      reviewedAt: null,
      reviewComment: null,
      ...values,
    });

    it('when it is not started, then it says a result is asked for, and Start is the way in', async () => {
      const shown = byResult();
      openCourse(shown);
      await title(shown.title);
      expect(screen.getByRole('button', { name: 'Start course' })).toBeEnabled();
      expect(screen.getByText(/completed by uploading a result/)).toBeInTheDocument();
      expect(screen.queryByLabelText('Upload result')).not.toBeInTheDocument();
    });

    it('when the learner has none yet and uploads a PDF, then it is sent and shown as waiting for review, with no "Mark as completed"', async () => {
      const shown = byResult();
      const api = openCourse(shown, {
        mine: [taking(shown.id)],
        routes: {
          [`GET /api/courses/${shown.id}/result`]: { status: 200, body: null },
          [`POST /api/courses/${shown.id}/result`]: { status: 201, body: result(shown.id) },
        },
      });
      const user = userEvent.setup();
      await title(shown.title);
      const picker = await screen.findByLabelText('Upload result');
      expect(picker).toHaveAccessibleDescription(/A PDF, PNG or JPEG file/);
      expect(screen.queryByRole('button', { name: 'Mark as completed' })).not.toBeInTheDocument();

      await user.upload(picker, new File(['%PDF-1.7'], 'Certificate.pdf', { type: 'application/pdf' }));

      expect(
        await screen.findByText(
          'Your result “Certificate.pdf” was uploaded on Nov 22, 2026 and is waiting for review.',
        ),
      ).toBeInTheDocument();
      expect(api.calls(`POST /api/courses/${shown.id}/result`)).toHaveLength(1);
      expect(screen.queryByLabelText('Upload result')).not.toBeInTheDocument();
    });

    it('when the result was rejected, then the reviewer’s comment is shown and the learner can upload again', async () => {
      const shown = byResult();
      openCourse(shown, {
        mine: [taking(shown.id)],
        routes: {
          [`GET /api/courses/${shown.id}/result`]: {
            status: 200,
            body: result(shown.id, {
              status: 'rejected',
              reviewedAt: '2026-11-23T10:00:00.000Z',
              reviewComment: 'The scan is unreadable',
            }),
          },
        },
      });
      await title(shown.title);
      expect(
        await screen.findByText('Your result was not accepted on Nov 23, 2026. The reviewer wrote:'),
      ).toBeInTheDocument();
      expect(screen.getByText('The scan is unreadable')).toBeInTheDocument();
      expect(screen.getByLabelText('Upload again')).toBeEnabled();
    });

    it('when the server refuses the file by its content, then a translated message says which formats it takes', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const shown = byResult();
      openCourse(shown, {
        mine: [taking(shown.id)],
        routes: {
          [`GET /api/courses/${shown.id}/result`]: { status: 200, body: null },
          [`POST /api/courses/${shown.id}/result`]: apiError(415, 'result_type_unsupported'),
        },
      });
      const user = userEvent.setup();
      await title(shown.title);
      await user.upload(
        await screen.findByLabelText('Upload result'),
        new File(['not a pdf'], 'notes.pdf', { type: 'application/pdf' }),
      );
      expect(
        await screen.findByText(
          'This file is not a PDF, PNG or JPEG. Please upload your result in one of these formats.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByLabelText('Upload result')).toBeEnabled();
    });

    it.each([
      [413, 'payload_too_large', 'The file is too large. Please upload a smaller file.'],
      [
        429,
        'upload_in_progress',
        'Another of your uploads is still under way. Please wait until it has finished, then try again.',
      ],
    ])(
      'when the gateway refuses the upload with %i %s, then a translated message says why and the learner can upload again',
      async (status, code, message) => {
        jest.spyOn(console, 'error').mockImplementation(() => undefined);
        const shown = byResult();
        openCourse(shown, {
          mine: [taking(shown.id)],
          routes: {
            [`GET /api/courses/${shown.id}/result`]: { status: 200, body: null },
            [`POST /api/courses/${shown.id}/result`]: apiError(status, code),
          },
        });
        const user = userEvent.setup();
        await title(shown.title);
        await user.upload(
          await screen.findByLabelText('Upload result'),
          new File(['%PDF-1.7'], 'Scan.pdf', { type: 'application/pdf' }),
        );
        expect(await screen.findByText(message)).toBeInTheDocument();
        expect(screen.getByLabelText('Upload result')).toBeEnabled();
      },
    );

    it('when an administrator opens it, then a link leads to the results to review', async () => {
      const shown = byResult();
      openCourse(shown, {
        user: admin,
        routes: { [`GET /api/courses/${shown.id}/result`]: { status: 200, body: null } },
      });
      await title(shown.title);
      expect(screen.getByRole('link', { name: 'Results to review' })).toHaveAttribute('href', '/admin/reviews');
    });

    it('when the result was approved, then the course shows as completed', async () => {
      const shown = byResult();
      openCourse(shown, { mine: [taking(shown.id, '2026-11-24T08:00:00.000Z')] });
      await title(shown.title);
      expect(screen.getByText('Completed on Nov 24, 2026')).toBeInTheDocument();
      expect(screen.queryByLabelText('Upload result')).not.toBeInTheDocument();
    });
  });
});
