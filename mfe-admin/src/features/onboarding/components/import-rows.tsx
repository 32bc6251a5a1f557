import type { ImportRow } from '@portal/contracts/onboarding';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';
import { TableHead } from '@portal/web-kit/table-head';
import { useDirectoryTranslation } from '../../../lib/directory-i18n.ts';
import styles from './onboarding.module.css';

/**
 * The judged rows of an import file: what each will do (or, once `imported`, what was done), and for an invalid one
 * what is wrong, by its line.
 */
export function ImportRows({ rows, imported }: { rows: ImportRow[]; imported: boolean }) {
  const { t } = useDirectoryTranslation();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={hidden.visuallyHidden}>{t('import.tableCaption')}</caption>
        <TableHead
          columns={[
            t('import.line'),
            t('fields.email'),
            t('fields.name'),
            t('import.language'),
            t('import.role'),
            t('import.groups'),
            t('import.outcome'),
          ]}
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.line} className={row.outcome === 'invalid' ? styles.invalid : undefined}>
              <td>{row.line}</td>
              <td>{row.email}</td>
              <td>{row.name}</td>
              <td>{row.language}</td>
              <td>{row.role}</td>
              <td>{row.groups.join(', ')}</td>
              <td>
                {row.outcome === 'invalid'
                  ? row.errors.map((code) => t(`import.errors.${code}`)).join(' ')
                  : t(imported ? `import.imported.${row.outcome}` : `import.outcomes.${row.outcome}`)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
