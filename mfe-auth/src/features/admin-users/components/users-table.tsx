import { api } from '@portal/contracts/api-client';
import {
  ADMIN_USER_CALLS,
  type AdminUser,
  type AdminUserChange,
  type UserListQuery,
} from '@portal/contracts/admin-users';
import field from '@portal/web-kit/styles/field.module.css';
import layout from '@portal/web-kit/styles/page.module.css';
import { useEffect, useId, useState } from 'react';
import { useFailureText } from '../../../lib/failure-text.ts';
import { ADMIN_NAMESPACE, useAdminTranslation } from '../../../lib/admin-i18n.ts';
import styles from '../../../components/admin-page.module.css';
import { AdminTable, ChangeMessages } from '../../../components/admin-table.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SearchField } from '../../../components/search-field.tsx';

const PAGE_SIZE = 25;

type Filters = Pick<UserListQuery, 'q' | 'role' | 'status'> & { signIn?: 'never' | 'recent' | 'stale' };

/** The filters beside the search: the values each offers, its label and its values' texts under `adminUsers.`. */
const FILTERS = [
  { name: 'role', label: 'role', texts: 'roles', values: ['admin', 'user'] },
  { name: 'status', label: 'status', texts: 'statuses', values: ['active', 'pending', 'deactivated'] },
  { name: 'signIn', label: 'lastSignIn', texts: 'signIn', values: ['recent', 'stale', 'never'] },
] as const;

/** Thirty days: "recently" and "not for a month" in the sign-in filter. */
const MONTH_MS = 30 * 24 * 3_600_000;

function queryOf(filters: Filters, offset: number): UserListQuery {
  const monthAgo = new Date(Date.now() - MONTH_MS).toISOString();
  return {
    q: filters.q || undefined,
    role: filters.role,
    status: filters.status,
    neverSignedIn: filters.signIn === 'never' ? 'true' : undefined,
    signedInAfter: filters.signIn === 'recent' ? monthAgo : undefined,
    signedInBefore: filters.signIn === 'stale' ? monthAgo : undefined,
    limit: PAGE_SIZE,
    offset,
  };
}

/** The list of users with search, filters, paging and the row actions; each change is confirmed first. */
export function UsersTable({ currentUserId }: { currentUserId: string }) {
  const { t, i18n } = useAdminTranslation();
  const failureText = useFailureText(ADMIN_NAMESPACE);
  const id = useId();
  const [filters, setFilters] = useState<Filters>({});
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<{ items: AdminUser[]; total: number } | undefined>();
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  // Bumped after a change so that the page is loaded again.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api.send(ADMIN_USER_CALLS.listUsers, { query: queryOf(filters, offset) }, { signal: controller.signal }).then(
      (loaded) => {
        setPage(loaded);
        setError('');
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failureText(failure, 'adminUsers.loadFailed'));
      },
    );
    return () => controller.abort();
    // failureText changes with the language only; the list reloads on filters, page and changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters, offset, version]);

  const change = async (user: AdminUser, update: AdminUserChange, confirmKey: string) => {
    if (!window.confirm(t(confirmKey, { name: user.name }))) return;
    try {
      await api.send(ADMIN_USER_CALLS.changeUser, { params: { id: user.id }, body: update });
      setNotice(t('adminUsers.changed', { name: user.name }));
      setError('');
      setVersion((previous) => previous + 1);
    } catch (failure) {
      setNotice('');
      setError(
        failureText(failure, 'adminUsers.changeFailed', {
          last_admin: 'adminUsers.lastAdmin',
          not_oneself: 'adminUsers.notOneself',
        }),
      );
    }
  };

  const setFilter = (next: Partial<Filters>) => {
    setFilters((previous) => ({ ...previous, ...next }));
    setOffset(0);
  };
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const total = page?.total ?? 0;

  return (
    <div className={layout.page}>
      <h1 className={layout.title}>{t('adminUsers.title')}</h1>
      <SearchField
        id={`${id}-q`}
        label={t('adminUsers.search')}
        value={filters.q ?? ''}
        onSearch={(q) => setFilter({ q })}
      />
      <div className={styles.filters}>
        {FILTERS.map((filter) => (
          <div key={filter.name}>
            <label htmlFor={`${id}-${filter.name}`} className={field.label}>
              {t(`adminUsers.${filter.label}`)}
            </label>
            <select
              id={`${id}-${filter.name}`}
              value={filters[filter.name] ?? ''}
              onChange={(event) => setFilter({ [filter.name]: event.target.value || undefined } as Partial<Filters>)}
            >
              <option value="">{t('adminUsers.any')}</option>
              {filter.values.map((value) => (
                <option key={value} value={value}>
                  {t(`adminUsers.${filter.texts}.${value}`)}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <ChangeMessages error={error} notice={notice} />
      <AdminTable
        id={id}
        caption={t('adminUsers.caption', { count: total })}
        columns={[
          t('fields.name'),
          t('fields.email'),
          t('adminUsers.role'),
          t('adminUsers.status'),
          t('adminUsers.lastSignIn'),
          t('adminUsers.actions'),
        ]}
      >
        <tbody>
          {page?.items.map((user) => (
            <tr key={user.id}>
              <td>{user.name}</td>
              <td>{user.email}</td>
              <td>{t(user.isSysAdmin ? 'adminUsers.roles.admin' : 'adminUsers.roles.user')}</td>
              <td>{t(`adminUsers.statuses.${user.status}`)}</td>
              <td>{user.lastSignInAt ? dateTime.format(new Date(user.lastSignInAt)) : t('adminUsers.signIn.never')}</td>
              <td>
                {user.id === currentUserId ? null : (
                  <>
                    <button
                      type="button"
                      onClick={() =>
                        void change(
                          user,
                          { isSysAdmin: !user.isSysAdmin },
                          user.isSysAdmin ? 'adminUsers.confirmDemote' : 'adminUsers.confirmPromote',
                        )
                      }
                    >
                      {t(user.isSysAdmin ? 'adminUsers.demote' : 'adminUsers.promote', { name: user.name })}
                    </button>{' '}
                    <button
                      type="button"
                      onClick={() =>
                        void change(
                          user,
                          { status: user.status === 'deactivated' ? 'active' : 'deactivated' },
                          user.status === 'deactivated'
                            ? 'adminUsers.confirmReactivate'
                            : 'adminUsers.confirmDeactivate',
                        )
                      }
                    >
                      {t(user.status === 'deactivated' ? 'adminUsers.reactivate' : 'adminUsers.deactivate', {
                        name: user.name,
                      })}
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      <Pager label={t('adminUsers.paging')} offset={offset} pageSize={PAGE_SIZE} total={total} onChange={setOffset} />
    </div>
  );
}
