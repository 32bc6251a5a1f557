import { api } from '@portal/contracts/api-client';
import type { AdminUser, AdminUserChange, UserListQuery } from '@portal/contracts/auth';
import field from '@portal/web-kit/styles/field.module.css';
import layout from '@portal/web-kit/styles/page.module.css';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/failure-text.ts';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';
import styles from '../../../components/admin-page.module.css';
import { AdminTable, ChangeMessages } from '../../../components/admin-table.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SearchField } from '../../../components/search-field.tsx';

const PAGE_SIZE = 25;

type Filters = Pick<UserListQuery, 'q' | 'role' | 'status'> & { signIn?: 'never' | 'recent' | 'stale' };

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
  const { t, i18n } = useTranslation(AUTH_NAMESPACE);
  const failureText = useFailureText();
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
    api.listUsers({ query: queryOf(filters, offset) }, { signal: controller.signal }).then(
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
      await api.changeUser({ params: { id: user.id }, body: update });
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
      <div className={styles.toolbar}>
        <SearchField
          id={`${id}-q`}
          label={t('adminUsers.search')}
          value={filters.q ?? ''}
          onSearch={(q) => setFilter({ q })}
        />
      </div>
      <div className={styles.filters}>
        <div>
          <label htmlFor={`${id}-role`} className={field.label}>
            {t('adminUsers.role')}
          </label>
          <select
            id={`${id}-role`}
            value={filters.role ?? ''}
            onChange={(event) => setFilter({ role: (event.target.value || undefined) as Filters['role'] })}
          >
            <option value="">{t('adminUsers.any')}</option>
            <option value="admin">{t('adminUsers.roles.admin')}</option>
            <option value="user">{t('adminUsers.roles.user')}</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-status`} className={field.label}>
            {t('adminUsers.status')}
          </label>
          <select
            id={`${id}-status`}
            value={filters.status ?? ''}
            onChange={(event) => setFilter({ status: (event.target.value || undefined) as Filters['status'] })}
          >
            <option value="">{t('adminUsers.any')}</option>
            <option value="active">{t('adminUsers.statuses.active')}</option>
            <option value="pending">{t('adminUsers.statuses.pending')}</option>
            <option value="deactivated">{t('adminUsers.statuses.deactivated')}</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-signin`} className={field.label}>
            {t('adminUsers.lastSignIn')}
          </label>
          <select
            id={`${id}-signin`}
            value={filters.signIn ?? ''}
            onChange={(event) => setFilter({ signIn: (event.target.value || undefined) as Filters['signIn'] })}
          >
            <option value="">{t('adminUsers.any')}</option>
            <option value="recent">{t('adminUsers.signIn.recent')}</option>
            <option value="stale">{t('adminUsers.signIn.stale')}</option>
            <option value="never">{t('adminUsers.signIn.never')}</option>
          </select>
        </div>
      </div>
      <ChangeMessages error={error} notice={notice} />
      <AdminTable id={id} caption={t('adminUsers.caption', { count: total })}>
        <thead>
          <tr>
            <th scope="col">{t('fields.name')}</th>
            <th scope="col">{t('fields.email')}</th>
            <th scope="col">{t('adminUsers.role')}</th>
            <th scope="col">{t('adminUsers.status')}</th>
            <th scope="col">{t('adminUsers.lastSignIn')}</th>
            <th scope="col">{t('adminUsers.actions')}</th>
          </tr>
        </thead>
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
