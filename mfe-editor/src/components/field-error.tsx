import { useTranslation } from 'react-i18next';
import { AUTHORING_NAMESPACE } from '../lib/authoring-i18n.ts';
import styles from './authoring.module.css';

/** Under a field: the broken rule's message, by its code in the contracts (`rules.<code>`), announced politely. */
export function FieldError({ id, code }: { id: string; code: string | undefined }) {
  const { t } = useTranslation(AUTHORING_NAMESPACE);
  return (
    <p id={id} className={styles.error} aria-live="polite">
      {code && t([`rules.${code}`, 'rules.invalid'])}
    </p>
  );
}
