import { api } from '@portal/contracts/api-client';
import { type CourseResult, getMyCourseResultCall, uploadCourseResultCall } from '@portal/contracts/course-results';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.tsx';

/** The reader's latest result for a course that asks for one (null: none uploaded yet). */
export function useMyResult(courseId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.result(courseId),
    queryFn: ({ signal }) => api.send(getMyCourseResultCall, { params: { id: courseId } }, { signal }),
    enabled,
  });
}

/** Uploads a result; the page then shows it as waiting for review. */
export function useUploadResult(courseId: string, onFailure: (error: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.uploadTo(uploadCourseResultCall, { params: { id: courseId } }, file, file.name),
    onSuccess: (stored: CourseResult) => client.setQueryData(queryKeys.result(courseId), stored),
    onError: onFailure,
  });
}
