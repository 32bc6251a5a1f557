import { AuditLog } from '../../features/audit/components/audit-log.tsx';
import { useDirectoryTranslation } from '../../lib/directory-i18n.ts';
import type { PageProps } from '@portal/contracts/pages';
import { SignedIn } from '@portal/web-kit/signed-in';
import { withQueries } from '../../lib/queries.ts';

/** Exposed as ./AdminAuditPage: the audit trail, for system administrators (the server enforces it). */
function AdminAuditPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useDirectoryTranslation();
  return (
    <SignedIn session={session} checking={t('checking')} forbidden={t('audit.forbidden')}>
      {() => <AuditLog />}
    </SignedIn>
  );
}

export default withQueries(AdminAuditPage);
