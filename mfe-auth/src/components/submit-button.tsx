import styles from './form.module.css';

interface Props {
  label: string;
  /** Shown, with the button disabled, while the form is being sent. */
  loadingLabel: string;
  loading: boolean;
  /** Until the form may be sent; forms that explain their problems on submit leave it enabled. */
  disabled?: boolean;
}

export function SubmitButton({ label, loadingLabel, loading, disabled }: Props) {
  return (
    <button type="submit" className={styles.submit} disabled={disabled === true || loading} aria-busy={loading}>
      {loading && <span className={styles.spinner} aria-hidden="true" />}
      {loading ? loadingLabel : label}
    </button>
  );
}
