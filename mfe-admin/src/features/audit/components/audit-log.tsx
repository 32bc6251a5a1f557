import { zodResolver } from '@hookform/resolvers/zod';
import { api } from '@portal/contracts/api-client';
import { actionLabelKey } from '@portal/contracts/audit-actions';
import { type AuditEntry, type AuditQuery, listAuditEntriesCall } from '@portal/contracts/audit';
import { uuidSchema } from '@portal/contracts/rules';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import input from '@portal/web-kit/styles/input.module.css';
import layout from '@portal/web-kit/styles/page.module.css';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod/mini';
import table from '../../../components/admin-page.module.css';
import { AdminTable } from '../../../components/admin-table.tsx';
import { DIRECTORY_NAMESPACES, useDirectoryTranslation } from '../../../lib/directory-i18n.ts';
import { useFailureText } from '@portal/web-kit/failure-text';
import { useAuditActionTexts } from '../audit-action-texts.ts';
import { AUDIT_ACTION_GROUPS } from '../audit-actions.ts';
import { useAuditEntries, usePeopleFound } from '../audit-queries.ts';
import styles from './audit-log.module.css';

const OBJECT_MAX = 80;
const PERSON_SEARCH_MAX = 200;
/** A day as a date input gives it, or none. */
const daySchema = z.union([z.literal(''), z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_day'))]);

/** The filters as the form holds them; the person is chosen from a search, not typed. */
const auditFiltersSchema = z
  .object({
    actor: z.optional(z.object({ id: uuidSchema, name: z.string().check(z.maxLength(PERSON_SEARCH_MAX)) })),
    objectId: z.string().check(z.maxLength(OBJECT_MAX, 'too_long')),
    action: z.string().check(z.maxLength(OBJECT_MAX, 'too_long')),
    fromDay: daySchema,
    toDay: daySchema,
  })
  .check(
    z.refine((filters) => !filters.fromDay || !filters.toDay || filters.fromDay <= filters.toDay, {
      message: 'range',
      path: ['toDay'],
    }),
  );
type FilterValues = z.infer<typeof auditFiltersSchema>;

interface Filters {
  actor?: { id: string; name: string } | undefined;
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
    object: filters.objectId?.trim() || undefined,
    action: filters.action || undefined,
    from: filters.fromDay ? dayStart(filters.fromDay) : undefined,
    to: filters.toDay ? dayStart(filters.toDay, 1) : undefined,
  };
}

/** A value of a change as one line: text as is, anything else as JSON. */
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The audit trail for system administrators: filters, newest first, more on demand, the same view as CSV. */
export function AuditLog() {
  const { t, i18n } = useDirectoryTranslation();
  const { t: actionText } = useAuditActionTexts();
  const failureText = useFailureText(DIRECTORY_NAMESPACES);
  const id = useId();
  // A link may open the trail on one object (a course page's "Full history"): `?objectId=`.
  const [search] = useSearchParams();
  const { register, control, setValue, formState } = useForm<FilterValues>({
    mode: 'onChange',
    resolver: zodResolver(auditFiltersSchema),
    defaultValues: {
      actor: undefined,
      objectId: search.get('objectId')?.trim().slice(0, OBJECT_MAX) ?? '',
      action: '',
      fromDay: '',
      toDay: '',
    },
  });
  const values = useWatch({ control });
  const actor = useWatch({ control, name: 'actor' });
  const parsed = auditFiltersSchema.safeParse(values);
  // Filters that are not valid (the last day before the first) ask nothing: the list keeps what it showed.
  const query = parsed.success ? auditQueryOf(parsed.data) : undefined;
  const listing = useAuditEntries(query);
  const entries = listing.data?.pages.flatMap((page) => page.entries) ?? [];
  const loading = listing.isFetching;
  const error = listing.error ? failureText(listing.error, 'audit.loadFailed') : '';

  const chooseActor = (actor: Filters['actor']) => setValue('actor', actor, { shouldValidate: true });
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const rangeError = formState.errors.toDay?.message === 'range';

  return (
    <div className={layout.page}>
      <h1 className={layout.title}>{t('audit.title')}</h1>
      <p>{t('audit.intro')}</p>
      <form
        className={styles.filters}
        role="search"
        aria-label={t('audit.filters')}
        onSubmit={(event) => event.preventDefault()}
        noValidate
      >
        <PersonFilter chosen={actor} onChoose={chooseActor} label={t('audit.person')} />
        <div className={field.field}>
          <label htmlFor={`${id}-action`} className={field.label}>
            {t('audit.action')}
          </label>
          <select id={`${id}-action`} className={input.input} {...register('action')}>
            <option value="">{t('audit.actionHint')}</option>
            {Object.entries(AUDIT_ACTION_GROUPS).map(([group, names]) => {
              const groupLabel = actionText(`groups.${group}`);
              return (
                <optgroup key={group} label={groupLabel}>
                  {names.length > 1 ? (
                    <option value={`${group}.`}>{t('audit.allOf', { group: groupLabel })}</option>
                  ) : null}
                  {names.map((name) => (
                    <option key={name} value={`${group}.${name}`}>
                      {actionText(actionLabelKey(`${group}.${name}`))}
                    </option>
                  ))}
                </optgroup>
              );
            })}
          </select>
        </div>
        <div className={field.field}>
          <label htmlFor={`${id}-object`} className={field.label}>
            {t('audit.object')}
          </label>
          <input
            id={`${id}-object`}
            type="search"
            className={input.input}
            maxLength={OBJECT_MAX}
            {...register('objectId')}
          />
        </div>
        {(['fromDay', 'toDay'] as const).map((name) => (
          <div key={name} className={field.field}>
            <label htmlFor={`${id}-${name}`} className={field.label}>
              {t(name === 'fromDay' ? 'audit.from' : 'audit.to')}
            </label>
            <input
              id={`${id}-${name}`}
              type="date"
              className={input.input}
              aria-invalid={name === 'toDay' && rangeError ? true : undefined}
              aria-describedby={name === 'toDay' && rangeError ? `${id}-range` : undefined}
              {...register(name)}
            />
            {name === 'toDay' && rangeError ? (
              <p id={`${id}-range`} className={field.error}>
                {t('audit.rangeInvalid')}
              </p>
            ) : null}
          </div>
        ))}
        {query ? (
          <a
            className={`${buttons.button} ${styles.export}`}
            href={api.url(listAuditEntriesCall.path, { ...query, format: 'csv' })}
            download
          >
            {t('audit.exportCsv')}
          </a>
        ) : null}
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
                <ActorCell actor={entry.actor} onChoose={chooseActor} />
              </td>
              <td>
                <span title={entry.action}>
                  {actionText(actionLabelKey(entry.action), { defaultValue: entry.action })}
                </span>
              </td>
              <td>
                {entry.object.id ? (
                  <button
                    type="button"
                    className={styles.linkButton}
                    title={t('audit.filterByObject')}
                    onClick={() => setValue('objectId', entry.object.id ?? '', { shouldValidate: true })}
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
      {listing.hasNextPage ? (
        <button
          type="button"
          className={buttons.button}
          disabled={loading}
          onClick={() => void listing.fetchNextPage()}
        >
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
  const { t } = useDirectoryTranslation();
  const id = useId();
  const [search, setSearch] = useState('');
  const term = search.trim();
  const found = usePeopleFound(term).data ?? [];

  if (chosen) {
    return (
      <div className={field.field}>
        <span className={field.label}>{label}</span>
        <span className={styles.chosen}>
          {chosen.name || chosen.id}{' '}
          <button type="button" className={buttons.button} onClick={() => onChoose(undefined)}>
            {t('audit.anyPerson')}
          </button>
        </span>
      </div>
    );
  }
  return (
    <div className={`${field.field} ${styles.personFilter}`}>
      <label htmlFor={`${id}-person`} className={field.label}>
        {label}
      </label>
      <input
        id={`${id}-person`}
        type="search"
        className={input.input}
        maxLength={PERSON_SEARCH_MAX}
        placeholder={t('audit.personHint')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {term.length >= 2 && found.length > 0 ? (
        <ul className={styles.found} aria-label={t('audit.peopleFound')}>
          {found.map((user) => (
            <li key={user.id}>
              <button
                type="button"
                className={buttons.buttonGhost}
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
  const { t } = useDirectoryTranslation();
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
