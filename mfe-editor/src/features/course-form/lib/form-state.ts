import { type Course, type CourseFile, courseFormSchema, type CourseSaved } from '@portal/contracts/courses';

/** What the user edits (spec §3, course form data), and the description's plain text. */
export interface FormValues {
  title: string;
  description: string;
  /** editor.getText(): the 1-2500 rule counts the text the user typed, not the HTML (DESIGN.md). */
  descriptionText: string;
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
  /** The description the editor must show: bumped when the form loads content from outside the editor. */
  contentRevision: number;
  /** After a load, the editor's first normalised HTML becomes the baseline (else loading would look like a change). */
  baselinePending: boolean;
  storedFiles: CourseFile[];
  pendingUploads: PendingUpload[];
  /** Ids of stored files the user removed: deleted on submit. */
  queuedDeletions: string[];
  phase: 'idle' | 'saving' | 'uploading';
  /** Someone else saved the course first (409): the user's version, kept until they choose. */
  conflict: { mine: FormValues; reloaded: boolean } | null;
}

export const EMPTY_VALUES: FormValues = {
  title: '',
  description: '',
  descriptionText: '',
  isPublished: false,
  categoryIds: [],
};

export function initialFormState(mode: Mode): FormState {
  return {
    mode,
    courseId: null,
    updatedAt: null,
    values: EMPTY_VALUES,
    initial: EMPTY_VALUES,
    contentRevision: 0,
    baselinePending: false,
    storedFiles: [],
    pendingUploads: [],
    queuedDeletions: [],
    phase: 'idle',
    conflict: null,
  };
}

export type FormAction =
  | { type: 'loaded'; course: Course }
  | { type: 'titleChanged'; title: string }
  | { type: 'descriptionChanged'; html: string; text: string }
  /** The editor took content from outside (a load, a reload, a reapplied version) and normalised it. */
  | { type: 'editorSynced'; html: string; text: string }
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

function valuesOf(course: Course): FormValues {
  return {
    title: course.title,
    description: course.description,
    descriptionText: '',
    isPublished: course.isPublished,
    categoryIds: course.categories.map((category) => category.id),
  };
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
        contentRevision: state.contentRevision + 1,
        baselinePending: true,
        storedFiles: action.course.files ?? [],
        pendingUploads: [],
        queuedDeletions: [],
      };
    }
    case 'titleChanged':
      return { ...state, values: { ...state.values, title: action.title } };
    case 'descriptionChanged':
      return {
        ...state,
        values: {
          ...state.values,
          description: action.html,
          descriptionText: action.text,
        },
      };
    case 'editorSynced': {
      const synced = { description: action.html, descriptionText: action.text };
      return {
        ...state,
        values: { ...state.values, ...synced },
        initial: state.baselinePending ? { ...state.initial, ...synced } : state.initial,
        baselinePending: false,
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
        baselinePending: true,
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
        baselinePending: false,
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

function sameValues(a: FormValues, b: FormValues): boolean {
  return (
    a.title === b.title &&
    a.description === b.description &&
    a.isPublished === b.isPublished &&
    a.categoryIds.length === b.categoryIds.length &&
    [...a.categoryIds].sort().join() === [...b.categoryIds].sort().join()
  );
}

/**
 * Spec §4: dirty when uploads or deletions wait; when creating, once any field is non-empty; when editing,
 * after a change; clean after loading.
 */
export function isDirty(state: FormState): boolean {
  if (state.pendingUploads.length > 0 || state.queuedDeletions.length > 0) return true;
  if (state.mode === 'create' && state.courseId === null) {
    const { values } = state;
    return (
      values.title !== '' || values.descriptionText.trim() !== '' || values.categoryIds.length > 0 || values.isPublished
    );
  }
  return !sameValues(state.values, state.initial);
}

export interface Validity {
  /** Each field's first broken rule, as the code the server answers (e.g. `title_too_long`). */
  issues: Partial<Record<'title' | 'description' | 'categories', string>>;
  valid: boolean;
}

const FIELDS = { title: 'title', descriptionText: 'description', categoryIds: 'categories' } as const;

/** Spec §5 (title 1-100, description 1-2500 on its plain text, at least one category): the contracts' rules. */
export function validate(values: FormValues): Validity {
  const result = courseFormSchema.safeParse(values);
  const issues: Validity['issues'] = {};
  for (const issue of result.error?.issues ?? []) {
    const field = FIELDS[issue.path[0] as keyof typeof FIELDS];
    issues[field] ??= issue.message;
  }
  return { issues, valid: result.success };
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
