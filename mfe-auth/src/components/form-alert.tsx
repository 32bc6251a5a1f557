import styles from './form.module.css';

/** What went wrong with sending a form, inside the form, until it is sent again or succeeds. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.alert} role="alert">
      {message}
    </p>
  );
}
