import { formatNumber } from '@portal/web-kit/format';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import { useTranslation } from 'react-i18next';
import { COURSES_NAMESPACE } from '../lib/i18n.ts';
import styles from './pager.module.css';

/** 'Page 2 of 5' with Previous and Next; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('paging.label')}>
      <button type="button" className={buttons.button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('paging.previous')}
      </button>
      <p className={styles.status} aria-live="polite">
        {t('paging.status', { page: formatNumber(page), pages: formatNumber(pages) })}
      </p>
      <button type="button" className={buttons.button} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('paging.next')}
      </button>
    </nav>
  );
}
