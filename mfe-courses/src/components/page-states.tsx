import buttons from '@portal/web-kit/styles/buttons.module.css';
import spinner from '@portal/web-kit/styles/spinner.module.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COURSES_NAMESPACE } from '../lib/i18n.ts';
import ui from './ui.module.css';

/** A request on its way: announced politely to screen readers. */
export function LoadingState({ label }: { label: string }) {
  return (
    <p role="status" className={ui.status}>
      <span className={spinner.spinner} aria-hidden="true" />
      {label}
    </p>
  );
}

/** A request that failed: what failed, why if known, and a way to try again. */
export function ErrorState({ title, reason, onRetry }: { title: string; reason?: string; onRetry: () => void }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  return (
    <div role="alert" className={ui.panel}>
      <p className={ui.panelTitle}>{title}</p>
      {reason && <p className={ui.muted}>{reason}</p>}
      <button type="button" className={buttons.button} onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Nothing to show, and what the reader can do about it. */
export function EmptyState({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <div className={ui.panel}>
      <p className={ui.panelTitle}>{title}</p>
      {hint && <p className={ui.muted}>{hint}</p>}
      {action}
    </div>
  );
}
