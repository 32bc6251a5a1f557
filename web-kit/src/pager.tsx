import { useTranslation } from 'react-i18next';
import { formatNumber } from './format.ts';
import styles from './pager.module.css';
import buttons from './styles/buttons.module.css';

/** 'Page 2 of 5' with Previous and Next, in a slice's namespace (`paging.*`); nothing when everything fits on one page. */
export function Pager({
  namespace,
  page,
  pages,
  onPage,
}: {
  namespace: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(namespace);
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
