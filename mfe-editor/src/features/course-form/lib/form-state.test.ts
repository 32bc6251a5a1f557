import { describe, expect, it } from '@jest/globals';
import { course, onboarding, storedFile } from '../../../testing/fixtures.ts';
import { COURSE_LIMITS } from '@portal/contracts/courses';
import {
  emptyValues,
  type FormAction,
  type FormState,
  formReducer,
  initialFormState,
  isDirty,
  languageStatus,
  submitLabelKey,
  textsInput,
  validate,
  visibleFiles,
} from './form-state.ts';

const run = (state: FormState, ...actions: FormAction[]) => actions.reduce(formReducer, state);
const text = (html: string, plain: string) => ({ html, text: plain });
const file = (name: string) => new File(['abc'], name, { type: 'text/plain' });

describe('course form state', () => {
  it('when a new form is empty, then it is clean; once any field is filled, then it is dirty', () => {
    const empty = initialFormState('create', 'en');
    expect(isDirty(empty)).toBe(false);
    expect(isDirty(run(empty, { type: 'editorSynced', ...text('', '') }))).toBe(false);
    expect(isDirty(run(empty, { type: 'textChanged', language: 'rm', field: 'title', value: 'A' }))).toBe(true);
    expect(isDirty(run(empty, { type: 'descriptionChanged', ...text('<p>x</p>', 'x') }))).toBe(true);
    expect(isDirty(run(empty, { type: 'categoriesChanged', categoryIds: [onboarding.id] }))).toBe(true);
    expect(isDirty(run(empty, { type: 'publishedChanged', isPublished: true }))).toBe(true);
  });

  it('when a course is loaded and the editor normalises its description, then the form is clean until something changes', () => {
    const loaded = run(
      initialFormState('edit', 'en'),
      { type: 'loaded', course: course() },
      { type: 'editorSynced', ...text('<p>How to <strong>find courses</strong>.</p>', 'How to find courses.') },
    );
    expect(isDirty(loaded)).toBe(false);
    expect(isDirty(run(loaded, { type: 'textChanged', language: 'en', field: 'title', value: 'Other' }))).toBe(true);
    expect(
      isDirty(
        run(
          loaded,
          { type: 'textChanged', language: 'en', field: 'title', value: 'Other' },
          { type: 'textChanged', language: 'en', field: 'title', value: course().title },
        ),
      ),
    ).toBe(false);
    expect(isDirty(run(loaded, { type: 'publishedChanged', isPublished: false }))).toBe(true);
  });

  it('when files are added and removed, then pending uploads are dropped and stored files are queued for deletion', () => {
    const stored = storedFile();
    let state = run(initialFormState('edit', 'en'), { type: 'loaded', course: course({ files: [stored] }) });
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
    let state = run(initialFormState('create', 'en'), {
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
    const state = run(
      initialFormState('create', 'en'),
      { type: 'saveStarted' },
      { type: 'courseSaved', course: saved },
    );
    expect(state.courseId).toBe(saved.id);
    expect(state.updatedAt).toBe('2026-11-05T00:00:00.000Z');
    expect(state.phase).toBe('uploading');
    expect(run(state, { type: 'filesFinished' }).phase).toBe('idle');
  });

  it('when the save conflicts and the latest version is loaded, then the user version is kept and can be applied again', () => {
    let state = run(
      initialFormState('edit', 'en'),
      { type: 'loaded', course: course() },
      { type: 'textChanged', language: 'en', field: 'title', value: 'Mine' },
    );
    state = run(state, { type: 'saveStarted' }, { type: 'conflicted' });
    expect(state.phase).toBe('idle');
    state = run(state, {
      type: 'latestLoaded',
      course: course({
        texts: { en: { title: 'Theirs', shortDescription: '', description: '<p>x</p>' } },
        updatedAt: 'later',
      }),
    });
    expect(state.values.texts.en.title).toBe('Theirs');
    expect(state.updatedAt).toBe('later');
    expect(state.conflict?.mine.texts.en.title).toBe('Mine');
    state = run(state, { type: 'mineReapplied' });
    expect(state.values.texts.en.title).toBe('Mine');
    expect(state.conflict).toBeNull();
    expect(isDirty(state)).toBe(true);
  });

  it('when the values are checked, then every written language and the default one follow the rules, and a category is required', () => {
    const english = { title: 'Title', shortDescription: '', description: '<p>x</p>', descriptionText: 'x' };
    const base = emptyValues('en');
    const valid = { ...base, texts: { ...base.texts, en: english }, categoryIds: [onboarding.id] };
    const withEnglish = (change: Partial<typeof english>) => ({
      ...valid,
      texts: { ...valid.texts, en: { ...english, ...change } },
    });
    expect(validate(valid)).toEqual({ languages: {}, categories: undefined, valid: true });
    expect(validate(withEnglish({ title: '   ' })).languages.en?.title).toBe('title_required');
    expect(validate(withEnglish({ title: 'x'.repeat(100) })).languages.en).toBeUndefined();
    expect(validate(withEnglish({ title: 'x'.repeat(101) })).languages.en?.title).toBe('title_too_long');
    expect(validate(withEnglish({ title: 'Tab\there' })).languages.en?.title).toBe('control_characters');
    expect(validate(withEnglish({ descriptionText: 'x'.repeat(2500) })).languages.en).toBeUndefined();
    expect(validate(withEnglish({ descriptionText: 'x'.repeat(2501) })).languages.en?.description).toBe(
      'description_too_long',
    );
    expect(validate(withEnglish({ descriptionText: ' \n ' })).languages.en?.description).toBe('description_required');
    const longShort = 'x'.repeat(COURSE_LIMITS.shortDescriptionMax + 1);
    expect(validate(withEnglish({ shortDescription: longShort })).languages.en?.shortDescription).toBe(
      'short_description_too_long',
    );
    expect(validate({ ...valid, categoryIds: [] })).toEqual({
      languages: {},
      categories: 'categories_required',
      valid: false,
    });

    // An empty language is left out; a started one must be complete; the default one is required.
    const started = { ...valid, texts: { ...valid.texts, fr: { ...english, title: 'Titre', descriptionText: '' } } };
    expect(validate(started).languages).toEqual({ fr: { description: 'description_required' } });
    expect(languageStatus(started, validate(started), 'fr', false)).toBe('invalid');
    expect(languageStatus(started, validate(started), 'de', false)).toBe('missing');
    expect(languageStatus(started, validate(started), 'en', false)).toBe('complete');
    const germanDefault = { ...valid, defaultLanguage: 'de' as const };
    expect(validate(germanDefault).languages).toEqual({
      de: { title: 'title_required', description: 'description_required' },
    });
    expect(languageStatus(germanDefault, validate(germanDefault), 'de', false)).toBe('missing');
    expect(languageStatus(germanDefault, validate(germanDefault), 'de', true)).toBe('invalid');
  });

  it('when texts are sent, then only the written languages go, trimmed', () => {
    const base = emptyValues('de');
    const values = {
      ...base,
      texts: {
        ...base.texts,
        de: { title: ' Sicherheit ', shortDescription: ' Kurz ', description: '<p>Helm</p>', descriptionText: 'Helm' },
        rm: { title: 'Segirezza', shortDescription: '', description: '<p>Helm</p>', descriptionText: 'Helm' },
      },
    };
    expect(textsInput(values)).toEqual({
      de: { title: 'Sicherheit', shortDescription: 'Kurz', description: '<p>Helm</p>' },
      rm: { title: 'Segirezza', shortDescription: '', description: '<p>Helm</p>' },
    });
  });

  it('when a course with several languages is loaded, then every language is kept, and showing another tab normalises it without making the form dirty', () => {
    const loaded = run(initialFormState('edit', 'en'), {
      type: 'loaded',
      course: course({
        defaultLanguage: 'de',
        texts: {
          de: { title: 'Willkommen', shortDescription: '', description: '<p>Hallo</p>' },
          rm: { title: 'Bainvegni', shortDescription: '', description: '<p>Allegra</p>' },
        },
      }),
    });
    expect(loaded.language).toBe('de');
    expect(loaded.values.texts.rm.descriptionText).toBe('Allegra');
    const shown = run(
      loaded,
      { type: 'languageShown', language: 'rm' },
      { type: 'editorSynced', ...text('<p>Allegra</p>', 'Allegra') },
    );
    expect(isDirty(shown)).toBe(false);
    const edited = run(shown, { type: 'descriptionChanged', ...text('<p>Allegra!</p>', 'Allegra!') });
    expect(edited.values.texts.rm.description).toBe('<p>Allegra!</p>');
    expect(edited.values.texts.de.description).toBe('<p>Hallo</p>');
    expect(isDirty(edited)).toBe(true);
    expect(isDirty(run(loaded, { type: 'defaultLanguageChanged', language: 'rm' }))).toBe(true);
  });

  it('when a language starts from the default one, then it gets a copy of its title, short description and description', () => {
    const state = run(
      initialFormState('create', 'de'),
      { type: 'textChanged', language: 'de', field: 'title', value: 'Sicherheit' },
      { type: 'textChanged', language: 'de', field: 'shortDescription', value: 'Kurz' },
      { type: 'descriptionChanged', ...text('<p>Helm</p>', 'Helm') },
      { type: 'languageShown', language: 'rm' },
    );
    const copied = run(state, { type: 'copiedFromDefault', language: 'rm' });
    expect(copied.values.texts.rm).toEqual(state.values.texts.de);
    expect(copied.contentRevision).toBe(state.contentRevision + 1);
  });

  it('when the mode and the published flag change, then the submit label follows', () => {
    expect(submitLabelKey({ mode: 'create' }, true)).toBe('submit.publish');
    expect(submitLabelKey({ mode: 'create' }, false)).toBe('submit.draft');
    expect(submitLabelKey({ mode: 'edit' }, true)).toBe('submit.updatePublish');
    expect(submitLabelKey({ mode: 'edit' }, false)).toBe('submit.updateDraft');
  });
});
