import { pageStates } from '@portal/web-kit/page-states';
import { COURSES_NAMESPACE } from '../lib/i18n.ts';

export { EmptyState, LoadingState } from '@portal/web-kit/page-states';

/** The list states in the slice's texts. */
export const { ErrorState, QueryError, QueryResult } = pageStates(COURSES_NAMESPACE);
