import { adminPages } from '@portal/web-kit/admin-page';
import { COURSES_NAMESPACE } from '../lib/i18n.ts';
import { withQueries } from '../lib/queries.tsx';

/** An administrators' page as the remote exposes it, in the slice's texts and query cache. */
export const adminPage = adminPages<'categories'>(COURSES_NAMESPACE, withQueries);
