import { ApiError } from '@portal/contracts/errors';
import type { ImportResult } from '@portal/contracts/onboarding';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormAlert } from '@portal/web-kit/form-alert';
import form from '@portal/web-kit/styles/form.module.css';
import { useImportUsers } from '../../features/onboarding/api/import-users.ts';
import { AdminPage } from '../../features/onboarding/components/admin-page.tsx';
import { ImportRows } from '../../features/onboarding/components/import-rows.tsx';
import styles from '../../features/onboarding/components/onboarding.module.css';
import { useFailureText } from '@portal/web-kit/failure-text';
import { DIRECTORY_NAMESPACES, useDirectoryTranslation } from '../../lib/directory-i18n.ts';
import type { PageProps } from '@portal/contracts/pages';
import { withQueries } from '../../lib/queries.ts';

type Step = { name: 'choose' } | { name: 'checked' | 'imported'; result: ImportResult };

/** What the form holds: the chosen file (the input's list) and whether invitations are sent. */
interface Values {
  files: FileList | null;
  invite: boolean;
}

/**
 * Choose a CSV file, see the dry run's verdict on every row, then import it (only a file without invalid rows),
 * with or without invitations; after the import, each row says what was done.
 */
function ImportUsersPage({ session }: PageProps<'status' | 'user'>) {
  const { t } = useDirectoryTranslation();
  const failureText = useFailureText(DIRECTORY_NAMESPACES);
  const fileId = useId();
  const { control, register, getValues } = useForm<Values>({ defaultValues: { files: null, invite: true } });
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const importUsers = useImportUsers();
  const file = useWatch({ control, name: 'files' })?.[0];

  const send = (dryRun: boolean) => {
    if (!file || importUsers.isPending) return;
    importUsers.mutate(
      { file, dryRun, invite: getValues('invite') },
      { onSuccess: (result) => setStep({ name: dryRun ? 'checked' : 'imported', result }) },
    );
  };

  const failureOf = (error: unknown) => {
    const known = error instanceof ApiError && error.issues[0]?.path === 'file' ? error.issues[0].code : undefined;
    return known
      ? t(`import.fileErrors.${known}`, { defaultValue: t('import.failed') })
      : failureText(error, 'import.failed', {
          payload_too_large: 'import.tooLarge',
          import_invalid: 'import.invalidRows',
          registration_closed: 'invite.closed',
        });
  };

  const files = register('files', {
    onChange: () => {
      setStep({ name: 'choose' });
      importUsers.reset();
    },
  });
  const busy = importUsers.isPending;
  const counts = step.name === 'choose' ? undefined : step.result.counts;
  return (
    <AdminPage id="import-title" title={t('import.title')} session={session}>
      <p>{t('import.subtitle')}</p>
      <div className={form.form}>
        <FormAlert message={importUsers.error ? failureOf(importUsers.error) : null} />
        <div className={field.field}>
          <label htmlFor={fileId} className={field.label}>
            {t('import.file')}
          </label>
          <input id={fileId} type="file" accept=".csv,text/csv" {...files} />
          <p className={field.hint}>{t('import.fileHint')}</p>
        </div>
        <label className={form.check}>
          <input type="checkbox" {...register('invite')} />
          {t('import.invite')}
        </label>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttons.button}
          disabled={!file || busy}
          aria-busy={busy}
          onClick={() => send(true)}
        >
          {t('import.check')}
        </button>
        {step.name === 'checked' && counts?.invalid === 0 && (
          <button
            type="button"
            className={buttons.buttonPrimary}
            disabled={busy}
            aria-busy={busy}
            onClick={() => send(false)}
          >
            {t('import.confirm')}
          </button>
        )}
      </div>
      {counts && (
        <p className={styles.summary} role="status">
          {step.name === 'imported'
            ? t('import.done', { create: counts.create, update: counts.update, count: counts.invited })
            : counts.invalid > 0
              ? t('import.fix', { count: counts.invalid })
              : t('import.ready', { create: counts.create, update: counts.update })}
        </p>
      )}
      {step.name !== 'choose' && <ImportRows rows={step.result.rows} imported={step.name === 'imported'} />}
    </AdminPage>
  );
}

/** Exposed as ./ImportUsersPage at /admin/users/import, inside the administration pages' query cache. */
export default withQueries(ImportUsersPage);
