import spinner from './styles/spinner.module.css';
import styles from './styles/form.module.css';

interface Props {
  label: string;
  /** Shown, with the button disabled, while the form is being sent. */
  loadingLabel: string;
  loading: boolean;
  /** Until the form may be sent; forms that explain their problems on submit leave it enabled. */
  disabled?: boolean;
  /** For what cannot be undone, e.g. deleting the account. */
  danger?: boolean;
  /** The id of what says why the button is disabled. */
  describedBy?: string | undefined;
}

export function SubmitButton({ label, loadingLabel, loading, disabled, danger, describedBy }: Props) {
  return (
    <button
      type="submit"
      className={danger ? `${styles.submit} ${styles.danger}` : styles.submit}
      disabled={disabled === true || loading}
      aria-busy={loading}
      aria-describedby={describedBy}
    >
      {loading && <span className={spinner.spinner} aria-hidden="true" />}
      {loading ? loadingLabel : label}
    </button>
  );
}
