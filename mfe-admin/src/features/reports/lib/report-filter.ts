import { type CompletionReportParams, TRAINING_STATUSES, type TrainingStatus } from '@portal/contracts/training';
import type { Language } from '@portal/contracts/languages';

export const REPORT_PAGE_SIZE = 50;

/** The report's filters as the URL keeps them (`?course=&group=&status=&q=&user=&leavers=1&page=`); '' is "all". */
export interface ReportFilter {
  courseId: string;
  groupId: string;
  status: TrainingStatus | '';
  q: string;
  /** One person's history. */
  userId: string;
  /** People whose account was deactivated or deleted, marked; out of the figures otherwise. */
  includeLeavers: boolean;
  page: number;
}

const KEYS = { courseId: 'course', groupId: 'group', status: 'status', q: 'q', userId: 'user' } as const;
const LEAVERS = 'leavers';

export function readReportFilter(params: URLSearchParams): ReportFilter {
  const status = params.get(KEYS.status) ?? '';
  const page = Number(params.get('page'));
  return {
    courseId: params.get(KEYS.courseId) ?? '',
    groupId: params.get(KEYS.groupId) ?? '',
    status: TRAINING_STATUSES.find((known) => known === status) ?? '',
    q: params.get(KEYS.q) ?? '',
    userId: params.get(KEYS.userId) ?? '',
    includeLeavers: params.get(LEAVERS) === '1',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function reportFilterParams(filter: ReportFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, key] of Object.entries(KEYS)) {
    const value = filter[field as keyof typeof KEYS];
    if (value) params.set(key, value);
  }
  if (filter.includeLeavers) params.set(LEAVERS, '1');
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** What the server is asked for: the filters set, without the page (the export's rows are all of them). */
export function reportQuery(filter: ReportFilter, language: Language): CompletionReportParams {
  return {
    courseId: filter.courseId || undefined,
    groupId: filter.groupId || undefined,
    status: filter.status || undefined,
    q: filter.q.trim() || undefined,
    userId: filter.userId || undefined,
    includeLeavers: filter.includeLeavers ? 'true' : undefined,
    lang: language,
  };
}

/** One page of the report. */
export const pageOf = (filter: ReportFilter) => ({
  limit: REPORT_PAGE_SIZE,
  offset: (filter.page - 1) * REPORT_PAGE_SIZE,
});
