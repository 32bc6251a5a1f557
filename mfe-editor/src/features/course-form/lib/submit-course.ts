import type { ApiClient } from '@portal/contracts/api-client';
import { ApiError } from '@portal/contracts/errors';
import type { CourseSaved } from '@portal/contracts/courses';
import type { FilesAction, FilesState } from './files-state.ts';
import { courseInput, type FormValues } from './form-values.ts';
import { uploadErrorOf } from './upload-errors.ts';

export type SubmitApi = Pick<ApiClient, 'createCourse' | 'updateCourse' | 'deleteFile' | 'uploadFile'>;

/** The course being saved: new (`courseId` null) or as loaded, with the updatedAt PUT sends back (optimistic locking). */
export interface SaveTarget {
  courseId: string | null;
  updatedAt: string | null;
}

/**
 * How a submit ended: the page turns it into toasts, and leaves for /dashboard only on 'done'. Once the course is
 * saved, later saves update it, even when a file failed.
 */
export type SubmitOutcome =
  | { kind: 'done'; isPublished: boolean }
  | { kind: 'saveFailed'; error: unknown }
  | { kind: 'conflict' }
  | { kind: 'filesFailed'; failedDeletions: string[]; failedUploads: number; refusedUploads: number };

/**
 * Spec §4, course save: the course first, every language at once (create, or update with the updatedAt it was loaded with), then the
 * queued deletions, then the pending uploads one by one with their progress. A failed file does not undo
 * the save: it stays queued or pending, so submitting again retries it; a file refused as too large (413) is
 * counted apart, as sending it again cannot help.
 */
export async function submitCourse(
  values: FormValues,
  target: SaveTarget,
  files: FilesState,
  dispatch: (action: FilesAction) => void,
  onSaved: (course: CourseSaved) => void,
  api: SubmitApi,
): Promise<SubmitOutcome> {
  const input = courseInput(values);
  dispatch({ type: 'saveStarted' });
  let courseId: string;
  try {
    const saved =
      target.courseId === null
        ? await api.createCourse({ body: input })
        : await api.updateCourse({ body: { ...input, id: target.courseId, updatedAt: target.updatedAt ?? '' } });
    courseId = saved.id;
    onSaved(saved);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { kind: 'conflict' };
    return { kind: 'saveFailed', error };
  }

  const failedDeletions: string[] = [];
  for (const fileId of files.queuedDeletions) {
    try {
      await api.deleteFile({ params: { fileId } });
      dispatch({ type: 'deletionDone', fileId });
    } catch (error) {
      // Already gone is what the user wanted.
      if (error instanceof ApiError && error.status === 404) dispatch({ type: 'deletionDone', fileId });
      else {
        console.error(`Failed to delete file with id ${fileId}`, error);
        failedDeletions.push(fileId);
      }
    }
  }

  let failedUploads = 0;
  let refusedUploads = 0;
  for (const upload of files.pending) {
    dispatch({ type: 'uploadStarted', id: upload.id });
    try {
      const stored = await api.uploadFile(courseId, upload.file, upload.fileName, (progress) =>
        dispatch({ type: 'uploadProgress', id: upload.id, progress }),
      );
      dispatch({ type: 'uploadProgress', id: upload.id, progress: 100 });
      dispatch({ type: 'uploadDone', id: upload.id, stored });
    } catch (error) {
      console.error(`File upload of ${upload.fileName} failed`, error);
      if (error instanceof ApiError && error.status === 413) refusedUploads += 1;
      else failedUploads += 1;
      dispatch({ type: 'uploadFailed', id: upload.id, error: uploadErrorOf(error) });
    }
  }
  if (failedDeletions.length > 0 || failedUploads > 0 || refusedUploads > 0) {
    return { kind: 'filesFailed', failedDeletions, failedUploads, refusedUploads };
  }
  return { kind: 'done', isPublished: values.isPublished };
}
