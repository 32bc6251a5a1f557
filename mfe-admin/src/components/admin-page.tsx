import { adminPages } from '@portal/web-kit/admin-page';
import { ADMIN_NAMESPACE } from '../lib/i18n.ts';
import { withQueries } from '../lib/queries.ts';

/** An administration page as the slice exposes it, in the slice's texts and query cache. */
export const adminPage = adminPages<'assignments' | 'categories' | 'quizReport' | 'reports' | 'reviews'>(
  ADMIN_NAMESPACE,
  withQueries,
);
