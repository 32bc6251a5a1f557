import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import { useTranslation } from 'react-i18next';
import type { LeaveGuard } from '../lib/use-leave-guard.ts';

/**
 * The question a held navigation waits for (`useLeaveGuard`): leave without saving, or stay. Its texts are
 * `leave.*` of the page's `namespace`, which says what would be lost, unless a `message` says it instead.
 */
export function LeaveGuardDialog({
  guard,
  namespace,
  message,
}: {
  guard: LeaveGuard;
  namespace: string;
  message?: string;
}) {
  const { t } = useTranslation(namespace);
  if (!guard.asking) return null;
  return (
    <ConfirmDialog
      title={t('leave.title')}
      message={message ?? t('leave.text')}
      confirmLabel={t('leave.confirm')}
      cancelLabel={t('leave.cancel')}
      onConfirm={guard.leave}
      onCancel={guard.stay}
    />
  );
}
