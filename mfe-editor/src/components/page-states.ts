import { pageStates } from '@portal/web-kit/page-states';
import { AUTHORING_NAMESPACE } from '../lib/authoring-i18n.ts';

/** The failed states of the authoring pages, in their texts. */
export const { QueryError } = pageStates(AUTHORING_NAMESPACE);
