import { api } from '@portal/contracts/api-client';
import type { CourseSummary, MyCourse } from '@portal/contracts/courses';
import { useCallback } from 'react';
import { useRequest } from '../../../lib/use-request.ts';
import type { PageQuery } from '../lib/dashboard-query.ts';

/** A card's course; the caller's own courses also say when they were started and completed. */
export type DashboardCourse = CourseSummary & Partial<Pick<MyCourse, 'startedAt' | 'completedAt'>>;

export interface CoursePage {
  items: DashboardCourse[];
  total: number;
}

/**
 * One page of courses for the dashboard's query: all courses (filtered) or the caller's own in progress or
 * completed. A new query (its fields, not its object) is a new request.
 */
export function useCoursePage(page: PageQuery) {
  const key = JSON.stringify(page);
  const load = useCallback(
    (signal: AbortSignal): Promise<CoursePage> => {
      const { mine, query } = JSON.parse(key) as PageQuery;
      return mine ? api.listMyCourses({ query }, { signal }) : api.listCourses({ query }, { signal });
    },
    [key],
  );
  return useRequest(load);
}
