import { describe, expect, it } from '@jest/globals';
import { course, onboarding, storedFile } from '../../../testing/fixtures.ts';
import {
  type FormAction,
  type FormState,
  formReducer,
  initialFormState,
  isDirty,
  submitLabelKey,
  validate,
  visibleFiles,
} from './form-state.ts';

const run = (state: FormState, ...actions: FormAction[]) => actions.reduce(formReducer, state);
const text = (html: string, plain: string) => ({ html, text: plain });
const file = (name: string) => new File(['abc'], name, { type: 'text/plain' });

describe('course form state', () => {
  it('when a new form is empty, then it is clean; once any field is filled, then it is dirty', () => {
    const empty = initialFormState('create');
    expect(isDirty(empty)).toBe(false);
    expect(isDirty(run(empty, { type: 'editorSynced', ...text('', '') }))).toBe(false);
    expect(isDirty(run(empty, { type: 'titleChanged', title: 'A' }))).toBe(true);
    expect(isDirty(run(empty, { type: 'descriptionChanged', ...text('<p>x</p>', 'x') }))).toBe(true);
    expect(isDirty(run(empty, { type: 'categoriesChanged', categoryIds: [onboarding.id] }))).toBe(true);
    expect(isDirty(run(empty, { type: 'publishedChanged', isPublished: true }))).toBe(true);
  });

  it('when a course is loaded and the editor normalises its description, then the form is clean until something changes', () => {
    const loaded = run(
      initialFormState('edit'),
      { type: 'loaded', course: course() },
      { type: 'editorSynced', ...text('<p>How to <strong>find courses</strong>.</p>', 'How to find courses.') },
    );
    expect(isDirty(loaded)).toBe(false);
    expect(isDirty(run(loaded, { type: 'titleChanged', title: 'Other' }))).toBe(true);
    expect(
      isDirty(run(loaded, { type: 'titleChanged', title: 'Other' }, { type: 'titleChanged', title: course().title })),
    ).toBe(false);
    expect(isDirty(run(loaded, { type: 'publishedChanged', isPublished: false }))).toBe(true);
  });

  it('when files are added and removed, then pending uploads are dropped and stored files are queued for deletion', () => {
    const stored = storedFile();
    let state = run(initialFormState('edit'), { type: 'loaded', course: course({ files: [stored] }) });
    state = run(state, { type: 'filesAdded', files: [{ id: 'temp-1', file: file('a.txt') }] });
    expect(isDirty(state)).toBe(true);
    expect(visibleFiles(state).map((entry) => (entry.kind === 'stored' ? entry.file.id : entry.upload.id))).toEqual([
      stored.id,
      'temp-1',
    ]);
    state = run(state, { type: 'fileRemoved', id: 'temp-1' });
    expect(state.pendingUploads).toEqual([]);
    expect(isDirty(state)).toBe(false);
    state = run(state, { type: 'fileRemoved', id: stored.id }, { type: 'fileRemoved', id: stored.id });
    expect(state.queuedDeletions).toEqual([stored.id]);
    expect(visibleFiles(state)).toEqual([]);
    expect(isDirty(state)).toBe(true);
  });

  it('when an upload is done, then the stored record replaces the temporary entry; when it fails, then it stays pending with its error', () => {
    const record = storedFile({ fileName: 'a.txt' });
    let state = run(initialFormState('create'), {
      type: 'filesAdded',
      files: [
        { id: 'temp-1', file: file('a.txt') },
        { id: 'temp-2', file: file('b.txt') },
      ],
    });
    state = run(state, { type: 'uploadStarted', id: 'temp-1' }, { type: 'uploadProgress', id: 'temp-1', progress: 40 });
    expect(state.pendingUploads[0]?.progress).toBe(40);
    state = run(
      state,
      { type: 'uploadDone', id: 'temp-1', stored: record },
      { type: 'uploadFailed', id: 'temp-2', error: { key: 'files.tooLarge' } },
    );
    expect(state.storedFiles).toEqual([record]);
    expect(state.pendingUploads.map((upload) => [upload.id, upload.error?.key])).toEqual([
      ['temp-2', 'files.tooLarge'],
    ]);
  });

  it('when a new course is saved, then later saves update it (the id and updatedAt are kept)', () => {
    const saved = course({ updatedAt: '2026-11-05T00:00:00.000Z' });
    const state = run(initialFormState('create'), { type: 'saveStarted' }, { type: 'courseSaved', course: saved });
    expect(state.courseId).toBe(saved.id);
    expect(state.updatedAt).toBe('2026-11-05T00:00:00.000Z');
    expect(state.phase).toBe('uploading');
    expect(run(state, { type: 'filesFinished' }).phase).toBe('idle');
  });

  it('when the save conflicts and the latest version is loaded, then the user version is kept and can be applied again', () => {
    let state = run(
      initialFormState('edit'),
      { type: 'loaded', course: course() },
      { type: 'titleChanged', title: 'Mine' },
    );
    state = run(state, { type: 'saveStarted' }, { type: 'conflicted' });
    expect(state.phase).toBe('idle');
    state = run(state, { type: 'latestLoaded', course: course({ title: 'Theirs', updatedAt: 'later' }) });
    expect(state.values.title).toBe('Theirs');
    expect(state.updatedAt).toBe('later');
    expect(state.conflict?.mine.title).toBe('Mine');
    state = run(state, { type: 'mineReapplied' });
    expect(state.values.title).toBe('Mine');
    expect(state.conflict).toBeNull();
    expect(isDirty(state)).toBe(true);
  });

  it('when the values are checked, then title 1-100, description 1-2500 and at least one category are required', () => {
    const valid = {
      title: 'Title',
      description: '<p>x</p>',
      descriptionText: 'x',
      isPublished: false,
      categoryIds: [onboarding.id],
    };
    expect(validate(valid)).toEqual({ issues: {}, valid: true });
    expect(validate({ ...valid, title: '   ' }).issues.title).toBe('title_required');
    expect(validate({ ...valid, title: 'x'.repeat(100) }).issues.title).toBeUndefined();
    expect(validate({ ...valid, title: 'x'.repeat(101) }).issues.title).toBe('title_too_long');
    expect(validate({ ...valid, title: 'Tab\there' }).issues.title).toBe('control_characters');
    expect(validate({ ...valid, descriptionText: 'x'.repeat(2500) }).issues.description).toBeUndefined();
    expect(validate({ ...valid, descriptionText: 'x'.repeat(2501) }).issues.description).toBe('description_too_long');
    expect(validate({ ...valid, descriptionText: ' \n ' }).issues.description).toBe('description_required');
    expect(validate({ ...valid, categoryIds: [] })).toEqual({
      issues: { categories: 'categories_required' },
      valid: false,
    });
  });

  it('when the mode and the published flag change, then the submit label follows', () => {
    expect(submitLabelKey({ mode: 'create' }, true)).toBe('submit.publish');
    expect(submitLabelKey({ mode: 'create' }, false)).toBe('submit.draft');
    expect(submitLabelKey({ mode: 'edit' }, true)).toBe('submit.updatePublish');
    expect(submitLabelKey({ mode: 'edit' }, false)).toBe('submit.updateDraft');
  });
});
