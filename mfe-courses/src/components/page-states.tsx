import { apiErrorKey } from '@portal/web-kit/api-errors';
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

/** A query that failed: `<section>.loadFailed`, the reason if the error has one, and a retry. */
export function QueryError({ query, section }: { query: { error: unknown; refetch: () => unknown }; section: string }) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  const reason = apiErrorKey(query.error, '');
  return (
    <ErrorState
      title={t(`${section}.loadFailed`)}
      reason={reason ? t(reason) : undefined}
      onRetry={() => void query.refetch()}
    />
  );
}

/** What a list's query answers: an array, or a page of items. */
type ListData = readonly unknown[] | { items: readonly unknown[] };

/**
 * A list's query: its items through `children` once they are there; before that, loading; after a failure, why and a
 * retry (QueryError); `empty` when there are none. Texts: `<section>.loading` and `<section>.loadFailed`.
 */
export function QueryResult<Data extends ListData>({
  query,
  section,
  empty,
  children,
}: {
  query: { data: Data | undefined; error: unknown; isError: boolean; refetch: () => unknown };
  section: string;
  empty: ReactNode;
  children: (data: Data) => ReactNode;
}) {
  const { t } = useTranslation(COURSES_NAMESPACE);
  if (query.isError) return <QueryError query={query} section={section} />;
  const { data } = query;
  if (data === undefined) return <LoadingState label={t(`${section}.loading`)} />;
  const list: ListData = data;
  const items = 'items' in list ? list.items : list;
  return items.length === 0 ? empty : children(data);
}
