import { AUDIT_ACTIONS_NAMESPACE, loadAuditActionTexts } from '@portal/contracts/audit-actions';
import { addSliceTranslations } from '@portal/web-kit/i18n';
import { useTranslation } from 'react-i18next';

await addSliceTranslations(AUDIT_ACTIONS_NAMESPACE, loadAuditActionTexts);

/** The labels of the trail's actions and their groups, the same texts as the CSV export's (contracts). */
export const useAuditActionTexts = () => useTranslation(AUDIT_ACTIONS_NAMESPACE);
