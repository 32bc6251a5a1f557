import { currentAuditAction } from './audit.ts';
import type { Language } from './languages.ts';

/**
 * The audit trail's action labels, one copy for the page and the CSV export: the translation namespace they are
 * loaded under, `groups.<group>` for a kind of object and `actions.<group>.<name>` for each action.
 */
export const AUDIT_ACTIONS_NAMESPACE = 'audit-actions';

interface AuditActionTexts {
  groups: Record<string, string>;
  actions: Record<string, Record<string, string>>;
}

/** One language's labels, as its own file (a chunk `i18n-…` in a slice's build): a page loads its language only. */
export const loadAuditActionTexts = (language: Language) =>
  import(/* webpackChunkName: "i18n-[request]" */ `./locales/${language}/audit-actions.json`, {
    with: { type: 'json' },
  }) as Promise<{ default: AuditActionTexts }>;

/** The key of an action's label as it is read today (a former name as its new one), split at its first dot. */
export function actionLabelKey(action: string): string {
  const current = currentAuditAction(action);
  const dot = current.indexOf('.');
  return `actions.${current.slice(0, dot)}.${current.slice(dot + 1)}`;
}
