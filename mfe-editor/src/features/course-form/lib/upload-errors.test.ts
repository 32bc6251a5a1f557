import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@portal/contracts/errors';
import { uploadErrorOf } from './upload-errors.ts';

describe('uploadErrorOf', () => {
  it('when the portal refuses an upload because another of the same person is under way, then the file says so', () => {
    const refused = new ApiError(429, 'Too Many Requests', { error: { code: 'upload_in_progress', message: 'busy' } });
    expect(uploadErrorOf(refused)).toEqual({ key: 'errors.uploadInProgress' });
  });

  it('when the gateway refuses an upload as too large, then the file says it is too large', () => {
    const refused = new ApiError(413, 'Payload Too Large', { error: { code: 'payload_too_large', message: 'big' } });
    expect(uploadErrorOf(refused)).toEqual({ key: 'files.tooLarge' });
  });
});
