import buttons from '@portal/web-kit/styles/buttons.module.css';
import { useTranslation } from 'react-i18next';
import styles from './admin-page.module.css';
import { DIRECTORY_NAMESPACE } from '../lib/directory-i18n.ts';

/** Previous and next page of a list, and which of its items are shown. */
export function Pager({
  label,
  offset,
  pageSize,
  total,
  onChange,
}: {
  label: string;
  offset: number;
  pageSize: number;
  total: number;
  onChange: (offset: number) => void;
}) {
  const { t } = useTranslation(DIRECTORY_NAMESPACE);
  return (
    <nav className={styles.pager} aria-label={label}>
      <button
        type="button"
        className={buttons.button}
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - pageSize))}
      >
        {t('adminUsers.previous')}
      </button>
      <span>
        {t('adminUsers.range', { from: total === 0 ? 0 : offset + 1, to: Math.min(offset + pageSize, total), total })}
      </span>
      <button
        type="button"
        className={buttons.button}
        disabled={offset + pageSize >= total}
        onClick={() => onChange(offset + pageSize)}
      >
        {t('adminUsers.next')}
      </button>
    </nav>
  );
}
