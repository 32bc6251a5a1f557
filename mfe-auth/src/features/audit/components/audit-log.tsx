import { api } from '@portal/contracts/api-client';
import { type AuditEntry, type AuditPage, type AuditQuery, listAuditEntriesCall } from '@portal/contracts/audit';
import { ADMIN_USER_CALLS, type AdminUser } from '@portal/contracts/admin-users';
import field from '@portal/web-kit/styles/field.module.css';
import layout from '@portal/web-kit/styles/page.module.css';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useFailureText } from '../../../lib/failure-text.ts';
import { ADMIN_NAMESPACE, useAdminTranslation } from '../../../lib/admin-i18n.ts';
import table from '../../../components/admin-page.module.css';
import { AdminTable } from '../../../components/admin-table.tsx';
import { LabelledInput } from '../../../components/labelled-input.tsx';
import { AUDIT_ACTION_GROUPS, actionLabelKey } from '../audit-actions.ts';
import styles from './audit-log.module.css';

const PAGE_SIZE = 50;

/** The filters typed in beside the person: a search's text is trimmed, an empty date is none. */
const FIELD_FILTERS = [
  { name: 'objectId', label: 'object', type: 'search', placeholder: undefined },
  { name: 'fromDay', label: 'from', type: 'date', placeholder: undefined },
  { name: 'toDay', label: 'to', type: 'date', placeholder: undefined },
] as const;

interface Filters {
  actor?: { id: string; name: string };
  objectId?: string;
  action?: string;
  /** Days as the date inputs give them (`2026-11-27`), in the administrator's time zone. */
  fromDay?: string;
  toDay?: string;
}

/** The query of the filters: whole days, from the first instant of `fromDay` to the last of `toDay`. */
export function auditQueryOf(filters: Filters): AuditQuery {
  const dayStart = (day: string, offsetDays = 0) => {
    const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
    return new Date(year, month - 1, date + offsetDays).toISOString();
  };
  return {
    actor: filters.actor?.id,
    // What the page shows of an object (an e-mail, a title) or its id, as typed or clicked.
    object: filters.objectId || undefined,
    action: filters.action || undefined,
    from: filters.fromDay ? dayStart(filters.fromDay) : undefined,
    to: filters.toDay ? dayStart(filters.toDay, 1) : undefined,
  };
}

const listEntries = (query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> =>
  api.send(listAuditEntriesCall, { query }, { signal });

/** The entries shown for `filters`: the first page and those "Show older entries" added. */
interface Listing {
  filters: Filters;
  entries: AuditEntry[];
  next?: string | undefined;
  error: string;
}

/** A value of a change as one line: text as is, anything else as JSON. */
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The audit trail for system administrators: filters, newest first, more on demand, the same view as CSV. */
export function AuditLog() {
  const { t, i18n } = useAdminTranslation();
  const failureText = useFailureText(ADMIN_NAMESPACE);
  const id = useId();
  // A link may open the trail on one object (a course page's "Full history"): `?objectId=`.
  const [search] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() => {
    const objectId = search.get('objectId')?.trim().slice(0, 80);
    return objectId ? { objectId } : {};
  });
  const [listing, setListing] = useState<Listing | undefined>();
  const [loadingMore, setLoadingMore] = useState(false);
  // The first page of the current filters is loading until a listing for them arrives.
  const loading = listing?.filters !== filters || loadingMore;
  const entries = listing?.filters === filters ? listing.entries : [];
  const next = listing?.filters === filters ? listing.next : undefined;
  const error = listing?.filters === filters ? listing.error : '';

  useEffect(() => {
    const controller = new AbortController();
    listEntries({ ...auditQueryOf(filters), limit: PAGE_SIZE }, controller.signal).then(
      (page) => setListing({ filters, entries: page.entries, next: page.next, error: '' }),
      (failure: unknown) => {
        if (!controller.signal.aborted)
          setListing({ filters, entries: [], error: failureText(failure, 'audit.loadFailed') });
      },
    );
    return () => controller.abort();
    // failureText changes with the language only; the list reloads when the filters change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters]);

  const loadMore = async () => {
    if (!listing || !next) return;
    setLoadingMore(true);
    try {
      const page = await listEntries({ ...auditQueryOf(filters), limit: PAGE_SIZE, before: next });
      setListing({ ...listing, entries: [...listing.entries, ...page.entries], next: page.next, error: '' });
    } catch (failure) {
      setListing({ ...listing, error: failureText(failure, 'audit.loadFailed') });
    } finally {
      setLoadingMore(false);
    }
  };

  const setFilter = (change: Partial<Filters>) => setFilters((previous) => ({ ...previous, ...change }));
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const csvHref = api.url(listAuditEntriesCall.path, { ...auditQueryOf(filters), format: 'csv' });

  return (
    <div className={layout.page}>
      <h1 className={layout.title}>{t('audit.title')}</h1>
      <p>{t('audit.intro')}</p>
      <form
        className={table.filters}
        role="search"
        aria-label={t('audit.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <PersonFilter chosen={filters.actor} onChoose={(actor) => setFilter({ actor })} label={t('audit.person')} />
        <div>
          <label htmlFor={`${id}-action`} className={field.label}>
            {t('audit.action')}
          </label>
          <select
            id={`${id}-action`}
            value={filters.action ?? ''}
            onChange={(event) => setFilter({ action: event.target.value || undefined })}
          >
            <option value="">{t('audit.actionHint')}</option>
            {Object.entries(AUDIT_ACTION_GROUPS).map(([group, names]) => {
              const groupLabel = t(`audit.actionGroups.${group}`);
              return (
                <optgroup key={group} label={groupLabel}>
                  {names.length > 1 ? (
                    <option value={`${group}.`}>{t('audit.allOf', { group: groupLabel })}</option>
                  ) : null}
                  {names.map((name) => (
                    <option key={name} value={`${group}.${name}`}>
                      {t(actionLabelKey(`${group}.${name}`))}
                    </option>
                  ))}
                </optgroup>
              );
            })}
          </select>
        </div>
        {FIELD_FILTERS.map((filter) => (
          <LabelledInput
            key={filter.name}
            id={`${id}-${filter.label}`}
            label={t(`audit.${filter.label}`)}
            type={filter.type}
            maxLength={filter.type === 'search' ? 80 : undefined}
            placeholder={filter.placeholder}
            value={filters[filter.name] ?? ''}
            onChange={(event) =>
              setFilter({
                [filter.name]: filter.type === 'search' ? event.target.value.trim() : event.target.value || undefined,
              })
            }
          />
        ))}
        <a className={styles.export} href={csvHref} download>
          {t('audit.exportCsv')}
        </a>
      </form>
      {error ? (
        <p role="alert" className={table.error}>
          {error}
        </p>
      ) : null}
      <AdminTable
        id={id}
        caption={t('audit.caption')}
        className={styles.entries}
        columns={[
          t('audit.when'),
          t('audit.who'),
          t('audit.action'),
          t('audit.object'),
          t('audit.outcome'),
          t('audit.address'),
          t('audit.changes'),
        ]}
      >
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.seq}>
              <td>{dateTime.format(new Date(entry.occurredAt))}</td>
              <td>
                <ActorCell actor={entry.actor} onChoose={(actor) => setFilter({ actor })} />
              </td>
              <td>
                <span title={entry.action}>{t(actionLabelKey(entry.action), { defaultValue: entry.action })}</span>
              </td>
              <td>
                {entry.object.id ? (
                  <button
                    type="button"
                    className={styles.linkButton}
                    title={t('audit.filterByObject')}
                    onClick={() => setFilter({ objectId: entry.object.id })}
                  >
                    {entry.object.label ?? entry.object.id}
                  </button>
                ) : (
                  (entry.object.label ?? entry.object.type)
                )}
              </td>
              <td className={entry.outcome === 'failure' ? table.error : undefined}>
                {t(`audit.outcomes.${entry.outcome}`)}
              </td>
              <td>{entry.from.ip ?? ''}</td>
              <td>
                {entry.changes && Object.keys(entry.changes).length > 0 ? (
                  <details>
                    <summary>{t('audit.fieldsChanged', { count: Object.keys(entry.changes).length })}</summary>
                    <dl className={styles.changes}>
                      {Object.entries(entry.changes).map(([name, change]) => (
                        <div key={name}>
                          <dt>{name}</dt>
                          <dd>
                            {t('audit.beforeAfter', { before: shown(change.before), after: shown(change.after) })}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </details>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      <p role="status">{loading ? t('audit.loading') : entries.length === 0 && !error ? t('audit.empty') : ''}</p>
      {next ? (
        <button type="button" disabled={loading} onClick={() => void loadMore()}>
          {t('audit.more')}
        </button>
      ) : null}
    </div>
  );
}

/** Finds a person by name or e-mail among the users, to show what they did; or shows the one chosen. */
function PersonFilter({
  chosen,
  onChoose,
  label,
}: {
  chosen: Filters['actor'];
  onChoose: (person: Filters['actor']) => void;
  label: string;
}) {
  const { t } = useAdminTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<{ search: string; people: AdminUser[] }>({ search: '', people: [] });
  const term = search.trim();
  // Two letters at least: one finds half the company.
  const found = term.length >= 2 && results.search === term ? results.people : [];

  useEffect(() => {
    if (term.length < 2) return undefined;
    const controller = new AbortController();
    api.send(ADMIN_USER_CALLS.listUsers, { query: { q: term, limit: 8 } }, { signal: controller.signal }).then(
      (page) => setResults({ search: term, people: page.items }),
      () => setResults({ search: term, people: [] }),
    );
    return () => controller.abort();
  }, [term]);

  if (chosen) {
    return (
      <div>
        <span className={field.label}>{label}</span>
        <span className={styles.chosen}>
          {chosen.name || chosen.id}{' '}
          <button type="button" onClick={() => onChoose(undefined)}>
            {t('audit.anyPerson')}
          </button>
        </span>
      </div>
    );
  }
  return (
    <div className={styles.personFilter}>
      <label htmlFor={`${id}-person`} className={field.label}>
        {label}
      </label>
      <input
        id={`${id}-person`}
        type="search"
        maxLength={200}
        placeholder={t('audit.personHint')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {found.length > 0 ? (
        <ul className={styles.found} aria-label={t('audit.peopleFound')}>
          {found.map((user) => (
            <li key={user.id}>
              <button
                type="button"
                onClick={() => {
                  onChoose({ id: user.id, name: user.name });
                  setSearch('');
                }}
              >
                {user.name} ({user.email})
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Who did it: a button that shows only their entries, or "System" for what no person did. */
function ActorCell({
  actor,
  onChoose,
}: {
  actor: AuditEntry['actor'];
  onChoose: (person: NonNullable<Filters['actor']>) => void;
}) {
  const { t } = useAdminTranslation();
  const { id, name } = actor;
  if (!id) return <>{t('audit.system')}</>;
  return (
    <button
      type="button"
      className={styles.linkButton}
      title={t('audit.filterByPerson')}
      onClick={() => onChoose({ id, name: name ?? '' })}
    >
      {name ?? id}
    </button>
  );
}
