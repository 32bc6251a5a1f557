import { api } from '@portal/contracts/api-client';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.tsx';

/** The course's files, asked of the files service beside the course (its body comes without them). */
export function useCourseFiles(courseId: string) {
  return useQuery({
    queryKey: queryKeys.files(courseId),
    queryFn: ({ signal }) => api.listCourseFiles({ params: { courseId } }, { signal }),
  });
}
