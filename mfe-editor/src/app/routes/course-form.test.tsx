import '@portal/web-kit/testing/setup-i18n';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fakeSession, renderPage } from '@portal/web-kit/testing/render';
import type { Editor } from '@tiptap/react';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { queryClient } from '../../lib/queries.ts';
import { admin, anna, apiError, type FakeReply, fakeApi, pendingReply } from '../../../../jest/fake-api.ts';
import { course, courseId, onboarding, security, storedFile } from '../../testing/fixtures.ts';
import CourseFormPage from './course-form.tsx';

type Routes = Parameters<typeof fakeApi>[0];

// ProseMirror scrolls the cursor into view after a command that focuses the editor: jsdom lays nothing out.
Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null });
Range.prototype.getBoundingClientRect ??= () => document.body.getBoundingClientRect();

const categories = { status: 200, body: [security, onboarding] };
const config = { status: 200, body: { maxFileBytes: 50 * 1024 * 1024 } };

function openCreate(routes: Routes = {}, user = admin) {
  const api = fakeApi({ 'GET /api/categories': categories, 'GET /config.json': config, ...routes });
  renderPage(<CourseFormPage session={fakeSession(user)} />, { path: '/create-course', urls: ['/create-course'] });
  return api;
}

function openEdit(reply: FakeReply, routes: Routes = {}, id = courseId) {
  const api = fakeApi({
    'GET /api/categories': categories,
    'GET /config.json': config,
    [`GET /api/courses/${id}`]: reply,
    ...routes,
  });
  renderPage(<CourseFormPage session={fakeSession(admin)} />, {
    path: '/edit-course/:courseId',
    urls: ['/dashboard', `/edit-course/${id}`],
  });
  return api;
}

/** The real TipTap editor of the page (TipTap puts itself on its element): jsdom cannot type into it. */
async function editor(): Promise<Editor> {
  const box = await screen.findByRole('textbox', { name: /Description/ });
  return (box as unknown as { editor: Editor }).editor;
}

async function writeDescription(html: string) {
  const instance = await editor();
  act(() => {
    instance.commands.setContent(html, { emitUpdate: true });
  });
}

const submit = () =>
  screen.getByRole('button', { name: /Publish course|Save as draft|Update and publish|Update draft/ });
const location = () => screen.getByTestId('location').textContent;

async function fillValidForm() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^Title/), 'Safety at work');
  await writeDescription('<p>Wear a <strong>helmet</strong>.</p>');
  await user.click(screen.getByRole('checkbox', { name: 'Onboarding' }));
  return user;
}

function file(name: string, size = 10) {
  return new File(['x'.repeat(size)], name, { type: 'text/plain' });
}

const uploaded = (name: string, id: string) => ({
  status: 200,
  body: storedFile({ id, fileName: name, fileSize: 10, fileType: 'text/plain' }),
});

describe('course form page', () => {
  const originalXhr = globalThis.XMLHttpRequest;
  beforeEach(() => {
    // Without XMLHttpRequest the API client uploads through fetch, which the fake API answers.
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = undefined;
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = originalXhr;
    jest.restoreAllMocks();
    localStorage.clear();
    queryClient.clear();
  });

  it('when the form opens, then it is drawn before the description editor is loaded, which then takes its place', async () => {
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    openCreate();
    await screen.findByLabelText(/^Title/);
    const description = document.getElementById('course-description-label')?.parentElement;
    expect(description?.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: /Description/ })).toBeNull();

    act(() => frames.forEach((frame) => frame(performance.now())));
    expect(await editor()).toBeDefined();
    expect(description?.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('when the user typed and the form is opened again (a reload, a new sign-in), then the text is back', async () => {
    openCreate();
    const user = await fillValidForm();
    await user.type(screen.getByLabelText(/^Short description/), 'Helmets');
    cleanup();

    openCreate();
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Safety at work'));
    expect(screen.getByLabelText(/^Short description/)).toHaveValue('Helmets');
    expect((await editor()).getHTML()).toBe('<p>Wear a <strong>helmet</strong>.</p>');
    expect(screen.getByRole('checkbox', { name: 'Onboarding' })).toBeChecked();
  });

  it('when an edited course is saved, then the kept draft is gone, and one written on an older version is sent with that version (the server then answers with the conflict)', async () => {
    localStorage.setItem(
      `portal.editor.draft.${courseId}`,
      JSON.stringify({ values: { nonsense: true }, updatedAt: null }),
    );
    const api = openEdit({ status: 200, body: course() }, { 'PUT /api/courses': apiError(409, 'course_changed') });
    const user = userEvent.setup();
    // What is under the key but is no draft is ignored.
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Welcome to the course portal'));
    await user.type(screen.getByLabelText(/^Title/), ' again');
    const kept = JSON.parse(localStorage.getItem(`portal.editor.draft.${courseId}`) ?? '{}') as {
      values: { texts: { en: { title: string } } };
      updatedAt: string;
    };
    expect(kept.values.texts.en.title).toBe('Welcome to the course portal again');
    expect(kept.updatedAt).toBe(course().updatedAt);
    cleanup();

    localStorage.setItem(
      `portal.editor.draft.${courseId}`,
      JSON.stringify({ ...kept, updatedAt: '2020-01-01T00:00:00.000Z' }),
    );
    const again = openEdit({ status: 200, body: course() }, { 'PUT /api/courses': apiError(409, 'course_changed') });
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Welcome to the course portal again'));
    await user.click(submit());
    await waitFor(() => expect(again.calls('PUT /api/courses')).toHaveLength(1));
    expect(again.calls('PUT /api/courses')[0]?.body).toMatchObject({ updatedAt: '2020-01-01T00:00:00.000Z' });
    expect(api.calls('PUT /api/courses')).toHaveLength(0);
    cleanup();

    localStorage.setItem(`portal.editor.draft.${courseId}`, JSON.stringify(kept));
    const saving = openEdit({ status: 200, body: course() }, { 'PUT /api/courses': { status: 200, body: course() } });
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue('Welcome to the course portal again'));
    await user.click(submit());
    await waitFor(() => expect(saving.calls('PUT /api/courses')).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem(`portal.editor.draft.${courseId}`)).toBeNull());
  });

  it("when a field breaks the contracts' course rules, then the field says which, and the form cannot be sent", async () => {
    openCreate();
    const user = userEvent.setup();
    const title = await screen.findByLabelText(/^Title/);
    await user.click(title);
    await user.tab();
    expect(await screen.findByText('Please enter a title.')).toBeInTheDocument();
    await user.click(title);
    await user.paste('x'.repeat(101));
    expect(await screen.findByText('The title can have at most 100 characters.')).toBeInTheDocument();
    await user.clear(title);
    await user.paste('Safety\tat work');
    expect(await screen.findByText('The title cannot contain tabs or other control characters.')).toBeInTheDocument();
    await writeDescription(`<p>${'x'.repeat(2501)}</p>`);
    expect(await screen.findByText('The description can have at most 2,500 characters.')).toBeInTheDocument();
    await writeDescription('<p> </p>');
    expect(await screen.findByText('Please write a description.')).toBeInTheDocument();
    await user.click(submit());
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveFocus());
  });

  it('when a user who is not a system administrator opens the form, then a not-allowed message is shown', () => {
    openCreate({}, anna);
    expect(screen.getByRole('alert')).toHaveTextContent('Only system administrators may create and edit courses.');
  });

  it('when creating, then the button says Publish course or Save as draft, and an incomplete form is not sent', async () => {
    const api = openCreate();
    const user = userEvent.setup();
    await screen.findByLabelText(/^Title/);
    expect(screen.getByRole('status')).toHaveTextContent(/Fill in the title and description/);
    await user.type(screen.getByLabelText(/^Title/), 'Safety at work');
    await writeDescription('<p>Wear a helmet.</p>');
    expect(screen.getByText('14 / 2,500 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Information security' })).toHaveFocus());
    await user.click(screen.getByRole('checkbox', { name: 'Onboarding' }));
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(screen.getByRole('checkbox', { name: /Published/ }));
    expect(screen.getByRole('button', { name: 'Publish course' })).toBeEnabled();
  });

  it('when editing, then the button says Update and publish or Update draft', async () => {
    openEdit({ status: 200, body: course({ isPublished: true }) });
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Update and publish' })).toBeEnabled();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Welcome to the course portal');
    expect(screen.getByRole('checkbox', { name: 'Onboarding' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /Published/ }));
    expect(screen.getByRole('button', { name: 'Update draft' })).toBeEnabled();
  });

  it('when editing, then a link leads to the course’s lessons, and a new course has none yet', async () => {
    openEdit({ status: 200, body: course() });
    expect(await screen.findByRole('link', { name: 'Lessons and quiz' })).toHaveAttribute(
      'href',
      `/courses/${courseId}/lessons`,
    );
    cleanup();
    openCreate();
    await screen.findByLabelText(/^Title/);
    expect(screen.queryByRole('link', { name: 'Lessons and quiz' })).not.toBeInTheDocument();
  });

  it('when the author chooses proof by an uploaded result, then the course is saved with it, and an edited course shows its choice', async () => {
    const api = openCreate({
      'POST /api/courses': (request) => ({
        status: 201,
        body: course({ ...(request.body as object), categories: [onboarding] }),
      }),
    });
    const user = await fillValidForm();
    const proof = screen.getByRole('group', { name: 'How learners prove they completed the course' });
    expect(within(proof).getByRole('radio', { name: /They confirm it themselves/ })).toBeChecked();
    await user.click(within(proof).getByRole('radio', { name: /They upload a result/ }));
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(api.calls('POST /api/courses')).toHaveLength(1));
    expect(api.calls('POST /api/courses')[0]?.body).toMatchObject({ completionProof: 'upload' });
    cleanup();

    openEdit({ status: 200, body: course({ completionProof: 'upload' }) });
    expect(await screen.findByRole('radio', { name: /They upload a result/ })).toBeChecked();
  });

  it('when the author asks for every quiz passed, then the course is saved with the rule, and an edited course shows it', async () => {
    const api = openCreate({
      'POST /api/courses': (request) => ({
        status: 201,
        body: course({ ...(request.body as object), categories: [onboarding] }),
      }),
    });
    const user = await fillValidForm();
    const rule = screen.getByRole('group', { name: /What else completes the course/ });
    expect(within(rule).getByRole('checkbox', { name: 'Every lesson viewed' })).not.toBeChecked();
    await user.click(within(rule).getByRole('checkbox', { name: 'Every quiz passed' }));
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(api.calls('POST /api/courses')).toHaveLength(1));
    expect(api.calls('POST /api/courses')[0]?.body).toMatchObject({ completionRequires: ['quizzes_passed'] });
    cleanup();

    openEdit({ status: 200, body: course({ completionRequires: ['lessons_viewed', 'quizzes_passed'] }) });
    expect(await screen.findByRole('checkbox', { name: 'Every lesson viewed' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Every quiz passed' })).toBeChecked();
  });

  it('when a new course is submitted with files, then it is created first, the files are uploaded one by one, the temporary entries are replaced and the drafts view follows', async () => {
    const first = pendingReply();
    const api = openCreate({
      'POST /api/courses': (request) => ({
        status: 201,
        body: course({ ...(request.body as object), categories: [onboarding] }),
      }),
      'POST /api/files/upload': jest
        .fn<() => Promise<FakeReply>>()
        .mockImplementationOnce(first.route)
        .mockResolvedValueOnce(uploaded('b.txt', '0b000000-0000-4000-8000-00000000000b')),
    });
    const user = await fillValidForm();
    await user.upload(screen.getByLabelText('Choose files'), [file('a.txt', 2048), file('b.txt')]);
    const list = screen.getByRole('list', { name: 'Files of the course' });
    expect(within(list).getByText('a.txt')).toBeInTheDocument();
    expect(within(list).getByText('2 kB · waiting to be uploaded')).toBeInTheDocument();
    const temporary = [...list.querySelectorAll('[data-file-id]')].map((item) => item.getAttribute('data-file-id'));
    expect(temporary.every((id) => id?.startsWith('temp-'))).toBe(true);
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByRole('progressbar', { name: 'Upload of a.txt' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByLabelText(/^Title/)).toBeDisabled();
    expect(api.calls('POST /api/courses')).toHaveLength(1);
    expect(api.calls('POST /api/courses')[0]?.body).toEqual({
      texts: {
        en: { title: 'Safety at work', shortDescription: '', description: '<p>Wear a <strong>helmet</strong>.</p>' },
      },
      defaultLanguage: 'en',
      isPublished: false,
      categoryIds: [onboarding.id],
      completionProof: 'confirmation',
      completionRequires: [],
    });
    expect(api.calls('POST /api/files/upload')).toHaveLength(1);
    first.send(uploaded('a.txt', '0a000000-0000-4000-8000-00000000000a'));

    expect(await screen.findByText('Course saved as draft')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/dashboard?view=drafts'));
    const order = api.requests.filter((request) => request.method !== 'GET').map((request) => request.path);
    expect(order).toEqual(['/api/courses', '/api/files/upload', '/api/files/upload']);
    expect(api.calls('POST /api/files/upload').map((request) => request.search.get('courseId'))).toEqual([
      courseId,
      courseId,
    ]);
  });

  it('when an existing course is saved, then it is updated with its updatedAt, the removed file is deleted, then the new file uploaded', async () => {
    const kept = storedFile({ id: '11111111-1111-4111-8111-111111111111', fileName: 'kept.pdf' });
    const removed = storedFile({ id: '22222222-2222-4222-8222-222222222222', fileName: 'old.pdf' });
    const api = openEdit(
      { status: 200, body: course({ files: [kept, removed], updatedAt: '2026-11-03T10:00:00.000Z' }) },
      {
        'PUT /api/courses': (request) => ({ status: 200, body: course(request.body as object) }),
        [`DELETE /api/files/delete/${removed.id}`]: { status: 200, body: { message: 'deleted' } },
        'POST /api/files/upload': uploaded('new.txt', '33333333-3333-4333-8333-333333333333'),
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove old.pdf' }));
    expect(screen.queryByText('old.pdf')).not.toBeInTheDocument();
    expect(screen.getByText('1.5 MB')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Choose files'), file('new.txt'));
    await user.click(screen.getByRole('button', { name: 'Update and publish' }));

    expect(await screen.findByText('Course published')).toBeInTheDocument();
    const order = api.requests.filter((request) => request.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(order).toEqual(['PUT /api/courses', `DELETE /api/files/delete/${removed.id}`, 'POST /api/files/upload']);
    expect(api.calls('PUT /api/courses')[0]?.body).toEqual({
      id: courseId,
      updatedAt: '2026-11-03T10:00:00.000Z',
      texts: {
        en: {
          title: 'Welcome to the course portal',
          shortDescription: 'How to find courses.',
          description: '<p>How to <strong>find courses</strong>.</p>',
        },
      },
      defaultLanguage: 'en',
      isPublished: true,
      categoryIds: [onboarding.id],
      completionProof: 'confirmation',
      completionRequires: [],
    });
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('when an upload is refused with 413 and another fails with 500, then each file says what happened, only the 500 one is offered a retry, and both stay pending', async () => {
    const api = openCreate({
      'POST /api/courses': { status: 201, body: course() },
      'PUT /api/courses': (request) => ({ status: 200, body: course(request.body as object) }),
      'POST /api/files/upload': jest
        .fn<() => Promise<FakeReply>>()
        .mockResolvedValueOnce(apiError(413, 'payload_too_large'))
        .mockResolvedValueOnce(apiError(500, 'internal_error'))
        .mockResolvedValueOnce(uploaded('big.bin', '0a000000-0000-4000-8000-00000000000a'))
        .mockResolvedValueOnce(uploaded('other.bin', '0b000000-0000-4000-8000-00000000000b')),
    });
    const user = await fillValidForm();
    await user.upload(screen.getByLabelText('Choose files'), [file('big.bin'), file('other.bin')]);
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));

    expect(
      await screen.findByText(
        'This file is larger than 50 MB, the most the portal accepts. Remove it from the list: it cannot be uploaded.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('File upload failed with status code: 500')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'The course was saved, but 1 file(s) could not be uploaded. They are still in the list: save again to retry.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'The course was saved, but 1 file(s) are larger than the portal accepts and were not uploaded. Remove them from the list.',
      ),
    ).toBeInTheDocument();
    expect(location()).toBe('/create-course');
    expect(screen.getByText('big.bin')).toBeInTheDocument();

    // The retry updates the course that now exists instead of creating a second one.
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(location()).toBe('/dashboard?view=drafts'));
    expect(api.calls('POST /api/courses')).toHaveLength(1);
    expect(api.calls('PUT /api/courses')).toHaveLength(1);
    expect(api.calls('POST /api/files/upload')).toHaveLength(4);
  });

  it('when an upload fails without an answer, then the unexpected-error message is shown', async () => {
    openCreate({
      'POST /api/courses': { status: 201, body: course() },
      'POST /api/files/upload': () => {
        throw new TypeError('offline');
      },
    });
    const user = await fillValidForm();
    await user.upload(screen.getByLabelText('Choose files'), file('a.txt'));
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('An unexpected error occurred during file upload.')).toBeInTheDocument();
  });

  it('when saving fails, then "The course could not be saved." is shown, the form is enabled again and nothing typed is lost', async () => {
    openCreate({ 'POST /api/courses': apiError(500, 'internal_error') });
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('The course could not be saved.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toBeEnabled();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Safety at work');
    expect(screen.getByRole('button', { name: 'Save as draft' })).toBeEnabled();
    expect(location()).toBe('/create-course');
  });

  it('when the course id is malformed, then "Invalid course id" is shown and the page goes to /dashboard', async () => {
    const api = openEdit({ status: 200, body: course() }, {}, 'not-a-uuid');
    expect(await screen.findByText('Invalid course id')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(api.requests).toEqual([]);
  });

  it('when the course does not exist, then "Invalid course id" is shown and the page goes to /dashboard', async () => {
    openEdit(apiError(404, 'not_found'));
    expect(await screen.findByText('Invalid course id')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('when the course cannot be loaded (500), then the page says so, and Try again loads the form', async () => {
    let loads = 0;
    openEdit(apiError(500, 'internal_error'), {
      [`GET /api/courses/${courseId}`]: () => {
        loads += 1;
        return loads === 1 ? apiError(500, 'internal_error') : { status: 200, body: course() };
      },
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The course could not be loaded.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Welcome to the course portal');
    expect(loads).toBe(2);
    expect(location()).toBe(`/edit-course/${courseId}`);
  });

  it('when someone else saved first (409), then the latest version can be loaded and the user can apply their version on top', async () => {
    const latest = course({
      texts: { en: { title: 'Their title', shortDescription: '', description: '<p>Theirs.</p>' } },
      updatedAt: '2026-11-04T09:00:00.000Z',
    });
    let loads = 0;
    const api = openEdit(
      { status: 200, body: course() },
      {
        [`GET /api/courses/${courseId}`]: () => {
          loads += 1;
          return { status: 200, body: loads === 1 ? course() : latest };
        },
        'PUT /api/courses': jest
          .fn<() => Promise<FakeReply>>()
          .mockResolvedValueOnce(apiError(409, 'course_changed'))
          .mockResolvedValueOnce({ status: 200, body: latest }),
      },
    );
    const user = userEvent.setup();
    const title = await screen.findByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'My title');
    await user.click(screen.getByRole('button', { name: 'Update and publish' }));

    const alert = await screen.findByRole('alert', { name: 'Someone else saved this course in the meantime.' });
    expect(title).toHaveValue('My title');
    await user.click(within(alert).getByRole('button', { name: 'Reload latest version' }));
    expect(await screen.findByText('Your version')).toBeInTheDocument();
    expect(title).toHaveValue('Their title');
    expect(screen.getByText('My title')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Apply my version on top' }));
    expect(title).toHaveValue('My title');
    await user.click(screen.getByRole('button', { name: 'Update and publish' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(api.calls('PUT /api/courses')[1]?.body).toMatchObject({
      texts: { en: { title: 'My title' } },
      updatedAt: '2026-11-04T09:00:00.000Z',
    });
  });

  it('when the form has unsaved changes and a link is followed, then the portal asks in its own dialog and the user can stay', async () => {
    openCreate();
    const confirm = jest.spyOn(window, 'confirm');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Title/), 'Draft');
    await user.click(screen.getByRole('link', { name: 'Close and go back to the overview' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveAccessibleDescription('You have unsaved changes. If you leave this page now, they are lost.');
    expect(within(dialog).getByRole('button', { name: 'Stay on this page' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(location()).toBe('/create-course');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Draft');

    await user.click(screen.getByRole('link', { name: 'Close and go back to the overview' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('when the form has unsaved changes and the browser goes back, then the user is asked and Escape stays', async () => {
    fakeApi({ 'GET /api/categories': categories });
    const page = renderPage(<CourseFormPage session={fakeSession(admin)} />, {
      path: '/create-course',
      urls: ['/dashboard', '/create-course'],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Title/), 'Draft');
    await act(() => page.navigate(-1));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(location()).toBe('/create-course');
    await act(() => page.navigate(-1));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('when a link is added with nothing selected, then its text and address come from the dialog and typing after it is plain text', async () => {
    openCreate();
    const user = userEvent.setup();
    const instance = await editor();
    act(() => {
      instance.commands.setContent('<p>Read</p>', { emitUpdate: true });
      instance.commands.focus('end');
    });
    await user.click(screen.getByRole('button', { name: 'Add or edit link' }));
    const dialog = screen.getByRole('group', { name: 'Add link' });
    expect(within(dialog).getByRole('textbox', { name: 'Text to show' })).toHaveFocus();
    expect(dialog).toHaveTextContent('A web address, e-mail address or phone number, for example example.com');
    expect(dialog).not.toHaveTextContent(/callto|cid|xmpp/);
    await user.type(within(dialog).getByRole('textbox', { name: 'Text to show' }), 'the rules');
    await user.type(within(dialog).getByRole('textbox', { name: 'Link address' }), 'example.com/rules{Enter}');
    expect(instance.getHTML()).toContain(
      'Read<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/rules">the rules</a>',
    );
    act(() => {
      instance.commands.insertContent(' today');
    });
    expect(instance.getHTML()).toContain('the rules</a> today');
  });

  it('when the cursor is in a link, then the dialog edits its text and address, and Remove link keeps the text', async () => {
    openCreate();
    const user = userEvent.setup();
    const instance = await editor();
    act(() => {
      instance.commands.setContent('<p>Call <a href="tel:+41441234567">the desk</a> now</p>', { emitUpdate: true });
      instance.commands.setTextSelection(9);
    });
    await user.click(screen.getByRole('button', { name: 'Add or edit link' }));
    const dialog = screen.getByRole('group', { name: 'Edit link' });
    expect(within(dialog).getByRole('textbox', { name: 'Text to show' })).toHaveValue('the desk');
    const address = within(dialog).getByRole('textbox', { name: 'Link address' });
    expect(address).toHaveValue('tel:+41441234567');
    await user.clear(address);
    await user.type(address, 'desk@example.ch');
    await user.click(within(dialog).getByRole('button', { name: 'Apply link' }));
    expect(instance.getHTML()).toContain('href="mailto:desk@example.ch">the desk</a> now');

    act(() => {
      instance.commands.setTextSelection(9);
    });
    await user.click(screen.getByRole('button', { name: 'Add or edit link' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Edit link' })).getByRole('button', { name: 'Remove link' }),
    );
    expect(instance.getHTML()).toBe('<p>Call the desk now</p>');
  });

  it('when the toolbar is used, then the text is formatted and the buttons show their state', async () => {
    openCreate();
    const user = userEvent.setup();
    const instance = await editor();
    act(() => {
      instance.commands.setContent('<p>Hello</p>', { emitUpdate: true });
      instance.commands.selectAll();
    });
    const bold = screen.getByRole('button', { name: 'Bold' });
    expect(bold).toHaveAttribute('aria-pressed', 'false');
    await user.click(bold);
    expect(instance.getHTML()).toBe('<p><strong>Hello</strong></p>');
    expect(bold).toHaveAttribute('aria-pressed', 'true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Text style' }), 'Heading 2');
    expect(instance.getHTML()).toContain('<h2><strong>Hello</strong></h2>');
    await user.click(screen.getByRole('button', { name: 'Default colour (purple)' }));
    // jsdom writes the colour as rgb(); a browser keeps #6b21a8: the server allows both.
    expect(instance.getHTML()).toMatch(/<span style="color: (#6b21a8|rgb\(107, 33, 168\));?">/);

    await user.click(screen.getByRole('button', { name: 'Add or edit link' }));
    expect(screen.getByRole('textbox', { name: 'Text to show' })).toHaveValue('Hello');
    const address = screen.getByRole('textbox', { name: 'Link address' });
    await user.type(address, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Apply link' }));
    expect(screen.getByText('This kind of link is not allowed.')).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, 'example.com{Enter}');
    expect(instance.getHTML()).toContain('href="https://example.com"');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
  });

  describe('text in five languages', () => {
    const tab = (code: string) => screen.getByRole('tab', { name: new RegExp(`^${code} `) });
    const title = () => screen.getByLabelText(/^Title/);

    it('when the user switches tabs, then each language keeps its own unsaved text, and the tabs say which are complete', async () => {
      openCreate();
      const user = await fillValidForm();
      expect(screen.getByRole('tablist', { name: 'Languages of the text' })).toBeInTheDocument();
      expect(tab('EN')).toHaveAttribute('aria-selected', 'true');
      expect(tab('EN')).toHaveAccessibleName('EN English, complete default');
      expect(tab('FR')).toHaveAccessibleName('FR French, missing');

      await user.click(tab('FR'));
      expect(tab('FR')).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByRole('tabpanel')).toHaveAccessibleName(/^FR/);
      expect(title()).toHaveValue('');
      expect(title()).toHaveAttribute('lang', 'fr');
      await user.type(title(), 'Sécurité au travail');
      expect(tab('FR')).toHaveAccessibleName('FR French, has errors');
      await writeDescription('<p>Portez un casque.</p>');
      expect(tab('FR')).toHaveAccessibleName('FR French, complete');

      await user.click(tab('EN'));
      expect(title()).toHaveValue('Safety at work');
      expect((await editor()).getHTML()).toBe('<p>Wear a <strong>helmet</strong>.</p>');
      await user.click(tab('FR'));
      expect(title()).toHaveValue('Sécurité au travail');
      expect((await editor()).getHTML()).toBe('<p>Portez un casque.</p>');
    });

    it('when the arrow keys, Home and End are pressed in the tab list, then they move to and show the next tab', async () => {
      openCreate();
      const user = userEvent.setup();
      await screen.findByLabelText(/^Title/);
      expect(tab('EN')).toHaveAttribute('tabindex', '0');
      expect(tab('FR')).toHaveAttribute('tabindex', '-1');
      tab('EN').focus();
      await user.keyboard('{ArrowRight}');
      expect(tab('FR')).toHaveFocus();
      expect(tab('FR')).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{End}');
      expect(tab('RM')).toHaveFocus();
      await user.keyboard('{ArrowRight}');
      expect(tab('EN')).toHaveFocus();
      await user.keyboard('{ArrowLeft}{Home}');
      expect(tab('EN')).toHaveAttribute('aria-selected', 'true');
    });

    it('when another language breaks a rule, then saving shows that tab, marks it and focuses its field, and nothing is sent', async () => {
      const api = openCreate();
      const user = await fillValidForm();
      await user.click(tab('DE'));
      await user.type(title(), 'Sicherheit');
      await user.click(tab('EN'));
      await user.click(submit());
      expect(tab('DE')).toHaveAttribute('aria-selected', 'true');
      expect(tab('DE')).toHaveAccessibleName('DE German, has errors');
      expect(await screen.findByText('Please write a description.')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('textbox', { name: /Description/ })).toHaveFocus());
      expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);

      // Emptied again, the language is left out and the course can be saved.
      await user.clear(title());
      expect(tab('DE')).toHaveAccessibleName('DE German, missing');
    });

    it('when the default language is empty, then saving focuses its title in its tab', async () => {
      openCreate();
      const user = userEvent.setup();
      await user.selectOptions(await screen.findByLabelText(/^Default language/), 'Romansh');
      expect(tab('RM')).toHaveAccessibleName('RM Romansh, missing default');
      await user.click(submit());
      expect(tab('RM')).toHaveAttribute('aria-selected', 'true');
      expect(tab('RM')).toHaveAccessibleName('RM Romansh, has errors default');
      expect(title()).toHaveFocus();
      expect(screen.getByText('Please enter a title.')).toBeInTheDocument();
    });

    it('when an empty language starts from the default one, then it gets its title, short description and description', async () => {
      openCreate();
      const user = await fillValidForm();
      await user.type(screen.getByLabelText('Short description'), 'Helmets');
      await user.click(tab('RM'));
      expect(screen.getByText('There is no Romansh text yet.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Start from the English text' }));
      expect(title()).toHaveValue('Safety at work');
      expect(screen.getByLabelText('Short description')).toHaveValue('Helmets');
      expect((await editor()).getHTML()).toBe('<p>Wear a <strong>helmet</strong>.</p>');
      expect(screen.queryByRole('button', { name: 'Start from the English text' })).not.toBeInTheDocument();
      await user.click(tab('EN'));
      expect(screen.queryByRole('button', { name: /Start from/ })).not.toBeInTheDocument();
    });

    it('when a course in German and Romansh is edited, then its texts load per tab and showing tabs changes nothing', async () => {
      const texts = {
        de: { title: 'Sicherheit', shortDescription: 'Kurz', description: '<p>Helm tragen.</p>' },
        rm: { title: 'Segirezza', shortDescription: '', description: '<p>Purtar in helm.</p>' },
      };
      openEdit({
        status: 200,
        body: course({ defaultLanguage: 'de', language: 'de', languages: ['de', 'rm'], texts }),
      });
      const user = userEvent.setup();
      expect(await screen.findByLabelText(/^Title/)).toHaveValue('Sicherheit');
      expect(tab('DE')).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByLabelText(/^Default language/)).toHaveValue('de');
      await user.click(tab('RM'));
      expect(title()).toHaveValue('Segirezza');
      expect(screen.getByRole('textbox', { name: /Description/ })).toHaveAttribute('lang', 'rm');
      await user.click(tab('IT'));

      // Showing tabs changes nothing: leaving does not ask.
      await user.click(screen.getByRole('link', { name: 'Close and go back to the overview' }));
      await waitFor(() => expect(location()).toBe('/dashboard'));
    });

    it('when only another language changed, then leaving asks, and saving sends every language', async () => {
      const texts = {
        de: { title: 'Sicherheit', shortDescription: 'Kurz', description: '<p>Helm tragen.</p>' },
        rm: { title: 'Segirezza', shortDescription: '', description: '<p>Purtar in helm.</p>' },
      };
      const api = openEdit(
        { status: 200, body: course({ defaultLanguage: 'de', language: 'de', languages: ['de', 'rm'], texts }) },
        { 'PUT /api/courses': (request) => ({ status: 200, body: course(request.body as object) }) },
      );
      const user = userEvent.setup();
      await screen.findByLabelText(/^Title/);
      await user.click(tab('RM'));
      await user.type(title(), '!');
      await user.click(tab('DE'));
      await user.click(screen.getByRole('link', { name: 'Close and go back to the overview' }));
      await user.click(await screen.findByRole('button', { name: 'Stay on this page' }));
      await user.click(screen.getByRole('button', { name: 'Update and publish' }));
      await waitFor(() => expect(location()).toBe('/dashboard'));
      expect(api.calls('PUT /api/courses')[0]?.body).toMatchObject({
        defaultLanguage: 'de',
        texts: {
          de: { title: 'Sicherheit', shortDescription: 'Kurz', description: '<p>Helm tragen.</p>' },
          rm: { title: 'Segirezza!', shortDescription: '', description: '<p>Purtar in helm.</p>' },
        },
      });
    });
  });
});
