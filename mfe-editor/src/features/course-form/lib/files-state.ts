import type { CourseFile } from '@portal/contracts/courses';

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

/** The course's files: not fields of the form, they are sent apart, after the course is saved. */
export interface FilesState {
  stored: CourseFile[];
  pending: PendingUpload[];
  /** Ids of stored files the user removed: deleted on submit. */
  queuedDeletions: string[];
}

export type FilesAction =
  /** The course's files as loaded or reloaded: deletions of files that are gone are dropped. */
  | { type: 'loaded'; files: CourseFile[] }
  | { type: 'added'; files: { id: `temp-${string}`; file: File }[] }
  | { type: 'removed'; id: string }
  | { type: 'saveStarted' }
  | { type: 'deletionDone'; fileId: string }
  | { type: 'uploadStarted'; id: string }
  | { type: 'uploadProgress'; id: string; progress: number }
  | { type: 'uploadDone'; id: string; stored: CourseFile }
  | { type: 'uploadFailed'; id: string; error: NonNullable<PendingUpload['error']> };

export function filesOf(files: CourseFile[]): FilesState {
  return { stored: files, pending: [], queuedDeletions: [] };
}

export function filesReducer(state: FilesState, action: FilesAction): FilesState {
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        stored: action.files,
        queuedDeletions: state.queuedDeletions.filter((id) => action.files.some((file) => file.id === id)),
      };
    case 'added':
      return {
        ...state,
        pending: [
          ...state.pending,
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
    case 'removed':
      if (action.id.startsWith('temp-')) {
        return { ...state, pending: state.pending.filter((upload) => upload.id !== action.id) };
      }
      if (state.queuedDeletions.includes(action.id) || !state.stored.some((file) => file.id === action.id)) {
        return state;
      }
      return { ...state, queuedDeletions: [...state.queuedDeletions, action.id] };
    case 'saveStarted':
      return { ...state, pending: state.pending.map((upload) => ({ ...upload, error: null })) };
    case 'deletionDone':
      return {
        ...state,
        queuedDeletions: state.queuedDeletions.filter((id) => id !== action.fileId),
        stored: state.stored.filter((file) => file.id !== action.fileId),
      };
    case 'uploadStarted':
      return updateUpload(state, action.id, { progress: 0, error: null });
    case 'uploadProgress':
      return updateUpload(state, action.id, { progress: action.progress });
    case 'uploadDone':
      // The stored record replaces the temporary entry.
      return {
        ...state,
        pending: state.pending.filter((upload) => upload.id !== action.id),
        stored: [...state.stored, action.stored],
      };
    case 'uploadFailed':
      return updateUpload(state, action.id, { progress: null, error: action.error });
  }
}

function updateUpload(state: FilesState, id: string, change: Partial<PendingUpload>): FilesState {
  return { ...state, pending: state.pending.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)) };
}

/** Whether files wait to be sent or deleted: unsaved work, like a changed field. */
export function filesWaiting(state: FilesState): boolean {
  return state.pending.length > 0 || state.queuedDeletions.length > 0;
}

/** The files the form shows: the stored ones not queued for deletion, then the pending ones. */
export function visibleFiles(state: FilesState) {
  return [
    ...state.stored
      .filter((file) => !state.queuedDeletions.includes(file.id))
      .map((file) => ({ kind: 'stored' as const, file })),
    ...state.pending.map((upload) => ({ kind: 'pending' as const, upload })),
  ];
}

/** A temporary id for a pending upload (spec §3: prefixed temp-). */
export function temporaryId(): `temp-${string}` {
  const random =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `temp-${random}`;
}
