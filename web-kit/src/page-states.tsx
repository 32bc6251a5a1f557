import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from './api-errors.ts';
import ui from './page-states.module.css';
import buttons from './styles/buttons.module.css';
import spinner from './styles/spinner.module.css';

/** A request on its way: announced politely to screen readers. */
export function LoadingState({ label }: { label: string }) {
  return (
    <p role="status" className={ui.status}>
      <span className={spinner.spinner} aria-hidden="true" />
      {label}
    </p>
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

/** What a list's query answers: an array, or a page of items. */
type ListData = readonly unknown[] | { items: readonly unknown[] };

/**
 * The failed and pending states of a slice, in its namespace (`common.retry`; a section's `loading` and
 * `loadFailed`): each slice binds them once, in its components/page-states.ts.
 */
export function pageStates(namespace: string) {
  /** A request that failed: what failed, why if known, and a way to try again. */
  function ErrorState({ title, reason, onRetry }: { title: string; reason?: string; onRetry: () => void }) {
    const { t } = useTranslation(namespace);
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

  /** A query that failed: `<section>.loadFailed`, the reason if the error has one, and a retry. */
  function QueryError({ query, section }: { query: { error: unknown; refetch: () => unknown }; section: string }) {
    const { t } = useTranslation(namespace);
    const reason = apiErrorKey(query.error, '');
    return (
      <ErrorState
        title={t(`${section}.loadFailed`)}
        reason={reason ? t(reason) : undefined}
        onRetry={() => void query.refetch()}
      />
    );
  }

  /**
   * A list's query: its items through `children` once they are there; before that, loading; after a failure, why
   * and a retry (QueryError); `empty` when there are none. Texts: `<section>.loading` and `<section>.loadFailed`.
   */
  function QueryResult<Data extends ListData>({
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
    const { t } = useTranslation(namespace);
    if (query.isError) return <QueryError query={query} section={section} />;
    const { data } = query;
    if (data === undefined) return <LoadingState label={t(`${section}.loading`)} />;
    const list: ListData = data;
    const items = 'items' in list ? list.items : list;
    return items.length === 0 ? empty : children(data);
  }

  return { ErrorState, QueryError, QueryResult };
}
