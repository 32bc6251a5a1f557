import type { Language } from '@portal/contracts/languages';
import { formatLanguage } from '@portal/web-kit/format';
import { currentLanguage } from '@portal/web-kit/i18n';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { COURSES_NAMESPACE } from '../lib/i18n.ts';
import styles from './course-language.module.css';
import hidden from '@portal/web-kit/styles/visually-hidden.module.css';

interface Props {
  /** The language the course's text is shown in. */
  language: Language;
  /** Every language the course has a text in. */
  languages: readonly Language[];
}

/**
 * What a course says about its languages: "Also in: DE, FR" (the others it has, their codes shown, their names
 * read out), and a note when it is not available in the reader's language and shown in another one.
 */
export function CourseLanguage({ language, languages }: Props) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const wanted = currentLanguage();
  const others = languages.filter((code) => code !== language);
  if (others.length === 0 && language === wanted) return null;
  return (
    <div className={styles.languages}>
      {language !== wanted && (
        <p className={styles.fallback}>
          {t('language.fallback', { wanted: formatLanguage(wanted), shown: formatLanguage(language) })}
        </p>
      )}
      {others.length > 0 && (
        <p className={styles.alsoIn}>
          {t('language.alsoIn')}{' '}
          {others.map((code) => (
            <Fragment key={code}>
              <abbr lang={code} title={formatLanguage(code)} className={styles.code} aria-hidden="true">
                {code.toUpperCase()}
              </abbr>{' '}
            </Fragment>
          ))}
          <span className={hidden.visuallyHidden}>{others.map((code) => formatLanguage(code)).join(', ')}</span>
        </p>
      )}
    </div>
  );
}
