import styles from './logo.module.css';

/** The portal's mark with its name; the link around it is the caller's. */
export function Logo({ title }: { title: string }) {
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M8 10.5c2.8-1.2 5.5-1 8 .8 2.5-1.8 5.2-2 8-.8v11.2c-2.8-1.1-5.5-.9-8 .8-2.5-1.7-5.2-1.9-8-.8z"
          fill="#fff"
        />
        <path d="M16 11.3v11.2" stroke="currentColor" strokeWidth="1.4" />
      </svg>
      <span className={styles.title}>{title}</span>
    </span>
  );
}
