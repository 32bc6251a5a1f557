/**
 * The actions the services record, grouped by what they change (the part before the dot): the action filter's
 * list. Each has a label under `actions.<group>.<name>` in @portal/contracts/audit-actions.
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
