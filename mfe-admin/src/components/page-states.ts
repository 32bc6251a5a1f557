import { pageStates } from '@portal/web-kit/page-states';
import { ADMIN_NAMESPACE } from '../lib/i18n.ts';

export { EmptyState, LoadingState } from '@portal/web-kit/page-states';

/** The list states in the slice's texts. */
export const { ErrorState, QueryResult } = pageStates(ADMIN_NAMESPACE);
