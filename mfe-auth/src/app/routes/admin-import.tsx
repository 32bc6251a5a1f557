import { ApiError } from '@portal/contracts/errors';
import type { ImportResult } from '@portal/contracts/onboarding';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import { type ChangeEvent, useId, useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import form from '../../components/form.module.css';
import { importUsers } from '../../features/onboarding/api/import-users.ts';
import { AdminPage } from '../../features/onboarding/components/admin-page.tsx';
import { ImportRows } from '../../features/onboarding/components/import-rows.tsx';
import styles from '../../features/onboarding/components/onboarding.module.css';
import { useFailureText } from '../../lib/failure-text.ts';
import { ADMIN_NAMESPACE, useAdminTranslation } from '../../lib/admin-i18n.ts';
import type { PageProps } from '@portal/contracts/pages';

type Step = { name: 'choose' } | { name: 'checked' | 'imported'; result: ImportResult };

/**
 * Exposed as ./ImportUsersPage at /admin/users/import: choose a CSV file, see the dry run's verdict on every row,
 * then import it (only a file without invalid rows), with or without invitations.
 */
export default function ImportUsersPage({ session }: PageProps) {
  const { t } = useAdminTranslation();
  const failureText = useFailureText(ADMIN_NAMESPACE);
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [invite, setInvite] = useState(true);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (dryRun: boolean) => {
    if (!file || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await importUsers(file, file.name, { dryRun, invite });
      setStep({ name: dryRun ? 'checked' : 'imported', result });
    } catch (error) {
      const known = error instanceof ApiError && error.issues[0]?.path === 'file' ? error.issues[0].code : undefined;
      setFailure(
        known
          ? t(`import.fileErrors.${known}`, { defaultValue: t('import.failed') })
          : failureText(error, 'import.failed', {
              payload_too_large: 'import.tooLarge',
              import_invalid: 'import.invalidRows',
              registration_closed: 'invite.closed',
            }),
      );
    }
    setBusy(false);
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    setStep({ name: 'choose' });
    setFailure(null);
  };

  const counts = step.name === 'choose' ? undefined : step.result.counts;
  return (
    <AdminPage id="import-title" title={t('import.title')} session={session}>
      <p>{t('import.subtitle')}</p>
      <div className={form.form}>
        <FormAlert message={failure} />
        <div className={field.field}>
          <label htmlFor={fileId} className={field.label}>
            {t('import.file')}
          </label>
          <input id={fileId} type="file" accept=".csv,text/csv" onChange={choose} />
          <p className={field.hint}>{t('import.fileHint')}</p>
        </div>
        <label className={form.check}>
          <input type="checkbox" checked={invite} onChange={(event) => setInvite(event.target.checked)} />
          {t('import.invite')}
        </label>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttons.button}
          disabled={!file || busy}
          aria-busy={busy}
          onClick={() => void send(true)}
        >
          {t('import.check')}
        </button>
        {step.name === 'checked' && counts?.invalid === 0 && (
          <button
            type="button"
            className={buttons.buttonPrimary}
            disabled={busy}
            aria-busy={busy}
            onClick={() => void send(false)}
          >
            {t('import.confirm')}
          </button>
        )}
      </div>
      {counts && (
        <p className={styles.summary} role="status">
          {step.name === 'imported'
            ? t('import.done', { create: counts.create, update: counts.update, invited: counts.invited })
            : counts.invalid > 0
              ? t('import.fix', { invalid: counts.invalid })
              : t('import.ready', { create: counts.create, update: counts.update })}
        </p>
      )}
      {step.name !== 'choose' && <ImportRows rows={step.result.rows} />}
    </AdminPage>
  );
}
