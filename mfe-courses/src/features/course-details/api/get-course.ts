import { api } from '@portal/contracts/api-client';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useCallback } from 'react';
import { useRequest } from '../../../lib/use-request.ts';

/** One course with its description, files and the caller's participation, in the reader's language (asked again when it changes). */
export function useCourse(courseId: string) {
  const language = currentLanguage();
  const load = useCallback(
    (signal: AbortSignal) => api.getCourse({ params: { id: courseId }, query: { lang: language } }, { signal }),
    [courseId, language],
  );
  return useRequest(load);
}
