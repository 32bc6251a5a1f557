import { COURSE_LIMITS, type CourseListRequest, type MyCoursesRequest } from '@portal/contracts/courses';
import type { Language } from '@portal/contracts/languages';
import { uuidSchema } from '@portal/contracts/rules';

const PAGE_SIZE = COURSE_LIMITS.pageSizeDefault;

export type DashboardView = 'published' | 'drafts' | 'in-progress' | 'completed';

/** The views of the caller's own courses: no search or category there, only pages. */
const MY_VIEWS: readonly DashboardView[] = ['in-progress', 'completed'];

/** The views a user may switch between: drafts are for administrators. */
export const viewsFor = (isAdmin: boolean): DashboardView[] =>
  isAdmin ? ['published', 'drafts', ...MY_VIEWS] : ['published', ...MY_VIEWS];

export const isMyView = (view: DashboardView) => MY_VIEWS.includes(view);

/** What the dashboard shows, kept in the URL (?q=&category=&mylang=1&page=&view=) so that a reload keeps it. */
export interface DashboardFilter {
  q: string;
  categoryId: string;
  /** Only the courses that have a text in the reader's language. */
  inMyLanguage: boolean;
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
    inMyLanguage: params.get('mylang') === '1',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    view: viewsFor(isAdmin).find((view) => view === params.get('view')) ?? 'published',
  };
}

/** The URL query of a filter: defaults are left out, so a plain dashboard stays /dashboard. */
export function filterParams(filter: DashboardFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.categoryId) params.set('category', filter.categoryId);
  if (filter.inMyLanguage) params.set('mylang', '1');
  if (filter.view !== 'published') params.set('view', filter.view);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** What one page of the dashboard asks the server: a page of all courses, or of the caller's own. */
export type PageQuery = { mine: false; query: CourseListRequest } | { mine: true; query: MyCoursesRequest };

/** The courses' texts are asked for in `language`, the reader's (the server falls back to each one's default). */
export function pageQuery(filter: DashboardFilter, language: Language): PageQuery {
  if (filter.view === 'in-progress' || filter.view === 'completed') {
    return {
      mine: true,
      query: { status: filter.view, lang: language, limit: PAGE_SIZE, offset: (filter.page - 1) * PAGE_SIZE },
    };
  }
  return { mine: false, query: listQuery(filter, language) };
}

/** The server's query for one page: employees see published courses only (the server insists too). */
function listQuery(filter: DashboardFilter, language: Language): CourseListRequest {
  return {
    published: filter.view === 'published' ? 'true' : 'false',
    q: filter.q || undefined,
    categoryId: filter.categoryId || undefined,
    lang: language,
    inLanguage: filter.inMyLanguage ? 'true' : undefined,
    limit: PAGE_SIZE,
    offset: (filter.page - 1) * PAGE_SIZE,
  };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
