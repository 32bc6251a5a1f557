import { api } from '@portal/contracts/api-client';
import type { CourseSummary, MyCourse } from '@portal/contracts/courses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queries.tsx';
import type { PageQuery } from '../lib/dashboard-query.ts';

/** A card's course; the caller's own courses also say when they were started and completed. */
export type DashboardCourse = CourseSummary & Partial<Pick<MyCourse, 'startedAt' | 'completedAt'>>;

export interface CoursePage {
  items: DashboardCourse[];
  total: number;
}

/** What a page of the dashboard is cached under: a new query (its fields, not its object) is a new request. */
export const coursePageKey = (page: PageQuery) => [...queryKeys.courses, page] as const;

/**
 * One page of courses for the dashboard's query: all courses (filtered) or the caller's own in progress or
 * completed. While the next page is on its way, the last one stays shown (`isPlaceholderData`).
 */
export function useCoursePage(page: PageQuery) {
  return useQuery({
    queryKey: coursePageKey(page),
    queryFn: ({ signal }): Promise<CoursePage> =>
      page.mine
        ? api.listMyCourses({ query: page.query }, { signal })
        : api.listCourses({ query: page.query }, { signal }),
    placeholderData: keepPreviousData,
  });
}
