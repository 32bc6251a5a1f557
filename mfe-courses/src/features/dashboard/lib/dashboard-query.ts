import { COURSE_LIMITS, type CourseListQuery } from '@portal/contracts/courses';
import { uuidSchema } from '@portal/contracts/rules';

export const PAGE_SIZE = COURSE_LIMITS.pageSizeDefault;

export type DashboardView = 'published' | 'drafts';

/** What the dashboard shows, kept in the URL (?q=&category=&page=&view=) so that a reload keeps it. */
export interface DashboardFilter {
  q: string;
  categoryId: string;
  page: number;
  view: DashboardView;
}

/** Reads the URL's query; anything malformed (a page of "x", a category that is no id) is left out. */
export function readFilter(params: URLSearchParams, isAdmin: boolean): DashboardFilter {
  const page = Number(params.get('page'));
  const category = params.get('category') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, COURSE_LIMITS.searchMax),
    categoryId: uuidSchema.safeParse(category).success ? category : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    view: isAdmin && params.get('view') === 'drafts' ? 'drafts' : 'published',
  };
}

/** The URL query of a filter: defaults are left out, so a plain dashboard stays /dashboard. */
export function filterParams(filter: DashboardFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.categoryId) params.set('category', filter.categoryId);
  if (filter.view === 'drafts') params.set('view', 'drafts');
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** The server's query for one page: employees see published courses only (the server insists too). */
export function listQuery(filter: DashboardFilter): CourseListQuery {
  return {
    published: filter.view === 'published',
    q: filter.q || undefined,
    categoryId: filter.categoryId || undefined,
    limit: PAGE_SIZE,
    offset: (filter.page - 1) * PAGE_SIZE,
  };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
