import { api } from '@portal/contracts/api-client';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.tsx';

/** One course with its description, in the reader's language (asked again when it changes); its files apart. */
export function useCourse(courseId: string) {
  const language = currentLanguage();
  return useQuery({
    queryKey: [...queryKeys.course(courseId), language],
    queryFn: ({ signal }) =>
      api.getCourse(
        { params: { id: courseId }, query: { lang: language, participants: 'omit', files: 'omit' } },
        { signal },
      ),
  });
}
