import { api } from '@portal/contracts/api-client';
import type { CourseListQuery, CourseSummary } from '@portal/contracts/courses';
import { useCallback } from 'react';
import { useRequest } from '../../../lib/use-request.ts';

export interface CoursePage {
  items: CourseSummary[];
  total: number;
}

/** One page of courses for the filter's query; a new query (its fields, not its object) is a new request. */
export function useCoursePage({ published, q, categoryId, limit, offset }: CourseListQuery) {
  const load = useCallback(
    (signal: AbortSignal): Promise<CoursePage> => api.listCourses({ published, q, categoryId, limit, offset }, signal),
    [published, q, categoryId, limit, offset],
  );
  return useRequest(load);
}
