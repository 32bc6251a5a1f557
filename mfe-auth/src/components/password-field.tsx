import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_NAMESPACE } from '../lib/i18n.ts';
import styles from '@portal/web-kit/styles/form.module.css';
import { TextField } from '@portal/web-kit/text-field';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'addon'>) {
  const { t } = useTranslation(AUTH_NAMESPACE);
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-label={visible ? t('password.hide') : t('password.show')}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
            {visible && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
          </svg>
        </button>
      }
    />
  );
}
