import { AuditLog } from '../../features/audit/components/audit-log.tsx';
import { useAdminTranslation } from '../../lib/admin-i18n.ts';
import type { PageProps } from '@portal/contracts/pages';
import { SignedIn } from '../../components/signed-in.tsx';
import { withAdminQueries } from '../admin-queries.tsx';

/** Exposed as ./AdminAuditPage: the audit trail, for system administrators (the server enforces it). */
function AdminAuditPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useAdminTranslation();
  return (
    <SignedIn session={session} forbidden={t('audit.forbidden')}>
      {() => <AuditLog />}
    </SignedIn>
  );
}

export default withAdminQueries(AdminAuditPage);
