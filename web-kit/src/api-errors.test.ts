import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@portal/contracts/errors';
import { apiErrorKey } from './api-errors.ts';

describe('apiErrorKey', () => {
  it('when an upload is refused because another of the same person is under way, then every slice says so', () => {
    const refused = new ApiError(429, 'Too Many Requests', { error: { code: 'upload_in_progress', message: 'busy' } });
    expect(apiErrorKey(refused, 'files.uploadFailed')).toBe('errors.uploadInProgress');
  });
});
