import { api } from '@portal/contracts/api-client';
import { useCallback } from 'react';
import { useRequest } from '../../../lib/use-request.ts';

/** One course with its description, files and the caller's participation. */
export function useCourse(courseId: string) {
  const load = useCallback((signal: AbortSignal) => api.getCourse(courseId, signal), [courseId]);
  return useRequest(load);
}
