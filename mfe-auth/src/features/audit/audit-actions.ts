import { currentAuditAction } from '@portal/contracts/audit';

/**
 * The actions the services record, grouped by what they change (the part before the dot): the action filter's
 * list. Each has a label under `audit.actions.<group>.<name>` in every language.
 */
export const AUDIT_ACTION_GROUPS: Readonly<Record<string, readonly string[]>> = {
  user: [
    'registered',
    'email-verified',
    'invited',
    'reinvited',
    'created',
    'updated',
    'status-changed',
    'role-changed',
    'password-changed',
    'password-reset',
    'signed-in',
    'sign-in-failed',
    'signed-out',
    'deleted',
  ],
  group: ['created', 'updated', 'deleted'],
  course: ['created', 'updated', 'published', 'unpublished', 'deleted'],
  'course-result': ['approved', 'rejected'],
  category: ['created', 'renamed', 'deleted'],
  assignment: ['created', 'deleted'],
  file: ['added', 'removed'],
  report: ['exported'],
  'sso-settings': ['changed'],
  'scim-settings': ['changed'],
  'scim-token': ['generated', 'revoked'],
};

/** The translation key of an action as it is read today (a former name as its new one), split at its first dot. */
export function actionLabelKey(action: string): string {
  const current = currentAuditAction(action);
  const dot = current.indexOf('.');
  return `audit.actions.${current.slice(0, dot)}.${current.slice(dot + 1)}`;
}
