import {
  type Course,
  type CourseFile,
  courseFormSchema,
  type CourseSaved,
  type CourseText,
  type CourseTextInput,
  courseTextFormSchema,
} from '@portal/contracts/courses';
import { type Language, LANGUAGES } from '@portal/contracts/languages';

/** One language's text as the user edits it (a tab of the form), and the description's plain text. */
export interface LanguageText {
  title: string;
  shortDescription: string;
  description: string;
  /** editor.getText(): the 1-2500 rule counts the text the user typed, not the HTML (DESIGN.md). */
  descriptionText: string;
}

type Texts = Readonly<Record<Language, LanguageText>>;

/** What the user edits (spec §3, course form data): a text per language; the rest is shared by every language. */
export interface FormValues {
  texts: Texts;
  defaultLanguage: Language;
  isPublished: boolean;
  categoryIds: string[];
}

/** A file the user added: it waits here, under a temporary id, until the form is submitted (spec §3, §4). */
export interface PendingUpload {
  id: `temp-${string}`;
  file: File;
  fileName: string;
  fileSize: number;
  fileType: string;
  /** 0-100 while this file is being sent; null before. */
  progress: number | null;
  /** The translation key (and values) of the last failure to send it. */
  error: { key: string; values?: Record<string, string | number> } | null;
}

export type Mode = 'create' | 'edit';

export interface FormState {
  mode: Mode;
  /** The course being edited; set after the first save of a new course too. */
  courseId: string | null;
  /** The updatedAt the course was loaded or saved with: PUT sends it back (optimistic locking). */
  updatedAt: string | null;
  values: FormValues;
  /** The values as loaded (edit) or saved last: what "changed" is measured against. */
  initial: FormValues;
  /** The language whose tab is shown: the editor holds its description. */
  language: Language;
  /** The description the editor must show: bumped when the form puts content into the editor from outside it. */
  contentRevision: number;
  storedFiles: CourseFile[];
  pendingUploads: PendingUpload[];
  /** Ids of stored files the user removed: deleted on submit. */
  queuedDeletions: string[];
  phase: 'idle' | 'saving' | 'uploading';
  /** Someone else saved the course first (409): the user's version, kept until they choose. */
  conflict: { mine: FormValues; reloaded: boolean } | null;
}

const EMPTY_TEXT: LanguageText = { title: '', shortDescription: '', description: '', descriptionText: '' };

function textsWith(entries: Partial<Record<Language, LanguageText>>): Texts {
  return Object.fromEntries(LANGUAGES.map((language) => [language, entries[language] ?? EMPTY_TEXT])) as Record<
    Language,
    LanguageText
  >;
}

export function emptyValues(defaultLanguage: Language): FormValues {
  return { texts: textsWith({}), defaultLanguage, isPublished: false, categoryIds: [] };
}

/** A new course is written first in `defaultLanguage` (the user's interface language). */
export function initialFormState(mode: Mode, defaultLanguage: Language): FormState {
  const values = emptyValues(defaultLanguage);
  return {
    mode,
    courseId: null,
    updatedAt: null,
    values,
    initial: values,
    language: defaultLanguage,
    contentRevision: 0,
    storedFiles: [],
    pendingUploads: [],
    queuedDeletions: [],
    phase: 'idle',
    conflict: null,
  };
}

export type FormAction =
  | { type: 'loaded'; course: Course }
  | { type: 'languageShown'; language: Language }
  /** The values kept in this browser from before (a session that ended, a reload), on the version they were written on. */
  | { type: 'draftRestored'; values: FormValues; updatedAt: string | null }
  | { type: 'textChanged'; language: Language; field: 'title' | 'shortDescription'; value: string }
  /** The shown language's description, as typed in the editor. */
  | { type: 'descriptionChanged'; html: string; text: string }
  /** The editor took the shown language's content from outside (a tab, a load, a copy) and normalised it. */
  | { type: 'editorSynced'; html: string; text: string }
  | { type: 'defaultLanguageChanged'; language: Language }
  /** "Start from the default language's text": an empty language gets a copy of the default one. */
  | { type: 'copiedFromDefault'; language: Language }
  | { type: 'publishedChanged'; isPublished: boolean }
  | { type: 'categoriesChanged'; categoryIds: string[] }
  | { type: 'filesAdded'; files: { id: `temp-${string}`; file: File }[] }
  | { type: 'fileRemoved'; id: string }
  | { type: 'saveStarted' }
  | { type: 'courseSaved'; course: CourseSaved }
  | { type: 'saveFailed' }
  | { type: 'conflicted' }
  | { type: 'latestLoaded'; course: Course }
  | { type: 'mineReapplied' }
  | { type: 'conflictDismissed' }
  | { type: 'deletionDone'; fileId: string }
  | { type: 'uploadStarted'; id: string }
  | { type: 'uploadProgress'; id: string; progress: number }
  | { type: 'uploadDone'; id: string; stored: CourseFile }
  | { type: 'uploadFailed'; id: string; error: NonNullable<PendingUpload['error']> }
  | { type: 'filesFinished' };

/** The text a reader sees in a description, for a language the editor has not shown yet. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

function languageText(text: CourseText): LanguageText {
  return { ...text, descriptionText: plainText(text.description) };
}

/** A course's texts: every language's for administrators; else (an older answer) the one it was sent in. */
function valuesOf(course: Course): FormValues {
  const stored: Partial<Record<Language, CourseText>> = course.texts ?? {
    [course.language]: {
      title: course.title,
      shortDescription: course.shortDescription,
      description: course.description,
    },
  };
  const texts = Object.fromEntries(
    Object.entries(stored).map(([language, text]) => [language, languageText(text)]),
  ) as Partial<Record<Language, LanguageText>>;
  return {
    texts: textsWith(texts),
    defaultLanguage: course.defaultLanguage,
    isPublished: course.isPublished,
    categoryIds: course.categories.map((category) => category.id),
  };
}

function withText(values: FormValues, language: Language, change: Partial<LanguageText>): FormValues {
  return { ...values, texts: { ...values.texts, [language]: { ...values.texts[language], ...change } } };
}

/** Whether a language has anything typed in it: then it is sent, and its rules apply. */
export function hasText(text: LanguageText): boolean {
  return text.title.trim() !== '' || text.shortDescription.trim() !== '' || text.descriptionText.trim() !== '';
}

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'loaded': {
      const values = valuesOf(action.course);
      return {
        ...state,
        courseId: action.course.id,
        updatedAt: action.course.updatedAt,
        values,
        initial: values,
        language: values.defaultLanguage,
        contentRevision: state.contentRevision + 1,
        storedFiles: action.course.files ?? [],
        pendingUploads: [],
        queuedDeletions: [],
      };
    }
    case 'draftRestored':
      return {
        ...state,
        values: action.values,
        updatedAt: action.updatedAt ?? state.updatedAt,
        contentRevision: state.contentRevision + 1,
      };
    case 'languageShown':
      if (action.language === state.language) return state;
      return { ...state, language: action.language, contentRevision: state.contentRevision + 1 };
    case 'textChanged':
      return { ...state, values: withText(state.values, action.language, { [action.field]: action.value }) };
    case 'descriptionChanged':
      return {
        ...state,
        values: withText(state.values, state.language, { description: action.html, descriptionText: action.text }),
      };
    case 'editorSynced': {
      // A description the user has not changed stays unchanged once normalised (else showing it would be a change).
      const synced = { description: action.html, descriptionText: action.text };
      const untouched =
        state.values.texts[state.language].description === state.initial.texts[state.language].description;
      return {
        ...state,
        values: withText(state.values, state.language, synced),
        initial: untouched ? withText(state.initial, state.language, synced) : state.initial,
      };
    }
    case 'defaultLanguageChanged':
      return { ...state, values: { ...state.values, defaultLanguage: action.language } };
    case 'copiedFromDefault': {
      const source = state.values.texts[state.values.defaultLanguage];
      return {
        ...state,
        values: withText(state.values, action.language, source),
        contentRevision: action.language === state.language ? state.contentRevision + 1 : state.contentRevision,
      };
    }
    case 'publishedChanged':
      return { ...state, values: { ...state.values, isPublished: action.isPublished } };
    case 'categoriesChanged':
      return { ...state, values: { ...state.values, categoryIds: action.categoryIds } };
    case 'filesAdded':
      return {
        ...state,
        pendingUploads: [
          ...state.pendingUploads,
          ...action.files.map(({ id, file }) => ({
            id,
            file,
            fileName: file.name,
            fileSize: file.size,
            fileType: file.type,
            progress: null,
            error: null,
          })),
        ],
      };
    case 'fileRemoved':
      if (action.id.startsWith('temp-')) {
        return { ...state, pendingUploads: state.pendingUploads.filter((upload) => upload.id !== action.id) };
      }
      if (state.queuedDeletions.includes(action.id) || !state.storedFiles.some((file) => file.id === action.id)) {
        return state;
      }
      return { ...state, queuedDeletions: [...state.queuedDeletions, action.id] };
    case 'saveStarted':
      return {
        ...state,
        phase: 'saving',
        pendingUploads: state.pendingUploads.map((upload) => ({ ...upload, error: null })),
      };
    case 'courseSaved':
      // From here on the course exists: a retry after a failed upload updates it instead of creating another.
      return {
        ...state,
        courseId: action.course.id,
        updatedAt: action.course.updatedAt,
        initial: state.values,
        phase: 'uploading',
        conflict: null,
      };
    case 'saveFailed':
      return { ...state, phase: 'idle' };
    case 'conflicted':
      return { ...state, phase: 'idle', conflict: { mine: state.values, reloaded: false } };
    case 'latestLoaded': {
      const values = valuesOf(action.course);
      const files = action.course.files ?? state.storedFiles;
      return {
        ...state,
        updatedAt: action.course.updatedAt,
        values,
        initial: values,
        contentRevision: state.contentRevision + 1,
        storedFiles: files,
        queuedDeletions: state.queuedDeletions.filter((id) => files.some((file) => file.id === id)),
        conflict: state.conflict ? { ...state.conflict, reloaded: true } : null,
      };
    }
    case 'mineReapplied':
      if (!state.conflict) return state;
      return {
        ...state,
        values: state.conflict.mine,
        contentRevision: state.contentRevision + 1,
        conflict: null,
      };
    case 'conflictDismissed':
      return { ...state, conflict: null };
    case 'deletionDone':
      return {
        ...state,
        queuedDeletions: state.queuedDeletions.filter((id) => id !== action.fileId),
        storedFiles: state.storedFiles.filter((file) => file.id !== action.fileId),
      };
    case 'uploadStarted':
      return updateUpload(state, action.id, { progress: 0, error: null });
    case 'uploadProgress':
      return updateUpload(state, action.id, { progress: action.progress });
    case 'uploadDone':
      // The stored record replaces the temporary entry.
      return {
        ...state,
        pendingUploads: state.pendingUploads.filter((upload) => upload.id !== action.id),
        storedFiles: [...state.storedFiles, action.stored],
      };
    case 'uploadFailed':
      return updateUpload(state, action.id, { progress: null, error: action.error });
    case 'filesFinished':
      return { ...state, phase: 'idle' };
  }
}

function updateUpload(state: FormState, id: string, change: Partial<PendingUpload>): FormState {
  return {
    ...state,
    pendingUploads: state.pendingUploads.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)),
  };
}

/** The files the form shows: the stored ones not queued for deletion, then the pending ones. */
export function visibleFiles(state: FormState) {
  return [
    ...state.storedFiles
      .filter((file) => !state.queuedDeletions.includes(file.id))
      .map((file) => ({ kind: 'stored' as const, file })),
    ...state.pendingUploads.map((upload) => ({ kind: 'pending' as const, upload })),
  ];
}

function sameText(a: LanguageText, b: LanguageText): boolean {
  return a.title === b.title && a.shortDescription === b.shortDescription && a.description === b.description;
}

function sameValues(a: FormValues, b: FormValues): boolean {
  return (
    LANGUAGES.every((language) => sameText(a.texts[language], b.texts[language])) &&
    a.defaultLanguage === b.defaultLanguage &&
    a.isPublished === b.isPublished &&
    a.categoryIds.length === b.categoryIds.length &&
    [...a.categoryIds].sort().join() === [...b.categoryIds].sort().join()
  );
}

/**
 * Spec §4: dirty when uploads or deletions wait; when creating, once any field of any language is non-empty;
 * when editing, after a change in any language; clean after loading.
 */
export function isDirty(state: FormState): boolean {
  if (state.pendingUploads.length > 0 || state.queuedDeletions.length > 0) return true;
  if (state.mode === 'create' && state.courseId === null) {
    const { values } = state;
    return (
      LANGUAGES.some((language) => hasText(values.texts[language])) ||
      values.categoryIds.length > 0 ||
      values.isPublished
    );
  }
  return !sameValues(state.values, state.initial);
}

export type TextField = 'title' | 'shortDescription' | 'description';

export interface Validity {
  /** Each language's fields' first broken rule, as the code the server answers (e.g. `title_too_long`). */
  languages: Partial<Record<Language, Partial<Record<TextField, string>>>>;
  categories?: string;
  valid: boolean;
}

const FIELDS = { title: 'title', shortDescription: 'shortDescription', descriptionText: 'description' } as const;

/**
 * Spec §5 for every language that has a text, and for the default language whether it has one or not (title
 * 1-100, description 1-2500 on its plain text, short description up to 200), and at least one category: the
 * contracts' rules.
 */
export function validate(values: FormValues): Validity {
  const languages: Validity['languages'] = {};
  for (const language of LANGUAGES) {
    const text = values.texts[language];
    if (language !== values.defaultLanguage && !hasText(text)) continue;
    const result = courseTextFormSchema.safeParse(text);
    for (const issue of result.error?.issues ?? []) {
      const field = FIELDS[issue.path[0] as keyof typeof FIELDS];
      (languages[language] ??= {})[field] ??= issue.message;
    }
  }
  const categories = courseFormSchema.shape.categoryIds.safeParse(values.categoryIds).error?.issues[0]?.message;
  return { languages, categories, valid: Object.keys(languages).length === 0 && categories === undefined };
}

/** What a tab shows about its language: written and valid, nothing written yet, or a rule broken. */
export type LanguageStatus = 'complete' | 'missing' | 'invalid';

/** `attempted`: the user tried to save, so an empty default language is an error, not only missing. */
export function languageStatus(
  values: FormValues,
  validity: Validity,
  language: Language,
  attempted: boolean,
): LanguageStatus {
  const written = hasText(values.texts[language]);
  if (validity.languages[language] && (written || attempted)) return 'invalid';
  return written ? 'complete' : 'missing';
}

/** The texts the API takes: every language that has one, trimmed; a language left out has none. */
export function textsInput(values: FormValues): Partial<Record<Language, CourseTextInput>> {
  const input: Partial<Record<Language, CourseTextInput>> = {};
  for (const language of LANGUAGES) {
    const text = values.texts[language];
    if (!hasText(text)) continue;
    input[language] = {
      title: text.title.trim(),
      shortDescription: text.shortDescription.trim(),
      description: text.description,
    };
  }
  return input;
}

/** The submit button's text key (spec §2): create offers publish or draft; edit offers update and publish or draft. */
export function submitLabelKey(state: Pick<FormState, 'mode'>, isPublished: boolean): string {
  if (state.mode === 'create') return isPublished ? 'submit.publish' : 'submit.draft';
  return isPublished ? 'submit.updatePublish' : 'submit.updateDraft';
}

/** A temporary id for a pending upload (spec §3: prefixed temp-). */
export function temporaryId(): `temp-${string}` {
  const random =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `temp-${random}`;
}
