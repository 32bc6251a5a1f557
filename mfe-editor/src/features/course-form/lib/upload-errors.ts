import { ApiError } from '@portal/contracts/errors';
import type { PendingUpload } from './files-state.ts';

/** Spec §8: 413 is 'file too large'; other statuses 'failed with status code'; anything else 'unexpected'. */
export function uploadErrorOf(error: unknown): NonNullable<PendingUpload['error']> {
  if (error instanceof ApiError) {
    if (error.status === 413) return { key: 'files.tooLarge' };
    if (error.code === 'upload_in_progress') return { key: 'errors.uploadInProgress' };
    return { key: 'files.uploadFailed', values: { status: error.status } };
  }
  return { key: 'files.uploadUnexpected' };
}
