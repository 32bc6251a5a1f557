import { useFailureText as useFailureTextIn } from '@portal/web-kit/failure-text';
import { AUTH_NAMESPACE } from './i18n.ts';

/** A failed call's message; a page with a namespace of its own names it: its keys come first, then the slice's. */
export const useFailureText = (namespace?: string) =>
  useFailureTextIn(namespace ? [namespace, AUTH_NAMESPACE] : AUTH_NAMESPACE);
