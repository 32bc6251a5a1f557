import type { Language } from '@portal/contracts/languages';
import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../lib/portal-config.tsx';
import styles from './footer.module.css';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const displayUrl = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '');

/** On every page: the contact details and legal links from /config.json. */
export function Footer() {
  const { t, i18n } = useTranslation();
  const { footer } = usePortalConfig();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div>
          <p className={styles.name}>{t('app.title')}</p>
          <p className={styles.tagline}>{footer.tagline[i18n.resolvedLanguage as Language] ?? footer.tagline.en}</p>
        </div>
        <address className={styles.contact}>
          <span className={styles.label}>{t('footer.contact')}</span>
          <span>{footer.address}</span>
          <a href={telHref(footer.phone)} aria-label={`${t('footer.phone')}: ${footer.phone}`}>
            {footer.phone}
          </a>
          <a href={`mailto:${footer.email}`} aria-label={`${t('footer.email')}: ${footer.email}`}>
            {footer.email}
          </a>
          <a href={footer.website} aria-label={`${t('footer.website')}: ${displayUrl(footer.website)}`}>
            {displayUrl(footer.website)}
          </a>
        </address>
        <nav className={styles.legal} aria-label={t('footer.legal')}>
          <a href={footer.imprintUrl}>{t('footer.imprint')}</a>
          <a href={footer.privacyUrl}>{t('footer.privacy')}</a>
        </nav>
      </div>
    </footer>
  );
}
