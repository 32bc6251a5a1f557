import type { ReactNode } from 'react';
import styles from './styles/form.module.css';

/** What went wrong with sending a form, inside the form, until it is sent again or succeeds. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.alert} role="alert">
      {message}
    </p>
  );
}

/** A form sent by script (`onSubmit`), that checks its own fields (noValidate) and says above them why it was not sent. */
export function FormWithAlert({
  failure,
  onSubmit,
  children,
}: {
  failure: string | null;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      noValidate
    >
      <FormAlert message={failure} />
      {children}
    </form>
  );
}
