import type { AdminUser, AdminUserChange, UserListQuery } from '@portal/contracts/admin-users';
import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import input from '@portal/web-kit/styles/input.module.css';
import layout from '@portal/web-kit/styles/page.module.css';
import { TableHead } from '@portal/web-kit/table-head';
import { useId, useState } from 'react';
import { useFailureText } from '@portal/web-kit/failure-text';
import { DIRECTORY_NAMESPACES, useDirectoryTranslation } from '../../../lib/directory-i18n.ts';
import { ChangeMessages } from '../../../components/admin-table.tsx';
import { Pager } from '../../../components/list-pager.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { useChangeUser, useUsers } from '../api/users.ts';
import styles from './users-table.module.css';

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

/** A change asked for and waiting for the administrator's confirmation: its action names the texts. */
interface Pending {
  user: AdminUser;
  change: AdminUserChange;
  action: 'promote' | 'demote' | 'deactivate' | 'reactivate';
}

const CONFIRM_KEYS = {
  promote: 'adminUsers.confirmPromote',
  demote: 'adminUsers.confirmDemote',
  deactivate: 'adminUsers.confirmDeactivate',
  reactivate: 'adminUsers.confirmReactivate',
} as const;

/** The list of users with search, filters, paging and the row actions; each change is confirmed in a dialog first. */
export function UsersTable({ currentUserId }: { currentUserId: string }) {
  const { t, i18n } = useDirectoryTranslation();
  const failureText = useFailureText(DIRECTORY_NAMESPACES);
  const id = useId();
  const [filters, setFilters] = useState<Filters>({});
  const [offset, setOffset] = useState(0);
  const [pending, setPending] = useState<Pending | undefined>();
  const [notice, setNotice] = useState('');
  const users = useUsers(queryOf(filters, offset));
  const changeUser = useChangeUser();

  const confirm = ({ user, change }: Pending) => {
    setNotice('');
    changeUser.mutate(
      { id: user.id, change },
      {
        onSuccess: () => setNotice(t('adminUsers.changed', { name: user.name })),
        onSettled: () => setPending(undefined),
      },
    );
  };

  const setFilter = (next: Partial<Filters>) => {
    setFilters((previous) => ({ ...previous, ...next }));
    setOffset(0);
  };
  const error = changeUser.error
    ? failureText(changeUser.error, 'adminUsers.changeFailed', {
        last_admin: 'adminUsers.lastAdmin',
        not_oneself: 'adminUsers.notOneself',
      })
    : users.error
      ? failureText(users.error, 'adminUsers.loadFailed')
      : '';
  const dateTime = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const total = users.data?.total ?? 0;
  const columns = [
    t('fields.name'),
    t('fields.email'),
    t('adminUsers.role'),
    t('adminUsers.status'),
    t('adminUsers.lastSignIn'),
    t('adminUsers.actions'),
  ] as const;
  const cell = (column: number) => (
    <span className={styles.cellLabel} aria-hidden="true">
      {columns[column]}
    </span>
  );
  const actionButton = (user: AdminUser, action: Pending['action'], change: AdminUserChange) => (
    <button
      type="button"
      className={action === 'deactivate' ? buttons.buttonDanger : buttons.button}
      aria-label={t(`adminUsers.${action}`, { name: user.name })}
      onClick={() => {
        changeUser.reset();
        setPending({ user, change, action });
      }}
    >
      {t(`adminUsers.${action}Short`)}
    </button>
  );

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
          <div key={filter.name} className={field.field}>
            <label htmlFor={`${id}-${filter.name}`} className={field.label}>
              {t(`adminUsers.${filter.label}`)}
            </label>
            <select
              id={`${id}-${filter.name}`}
              className={input.input}
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
      <table className={styles.table}>
        <caption>{t('adminUsers.caption', { count: total })}</caption>
        <TableHead columns={columns} />
        <tbody>
          {users.data?.items.map((user) => (
            <tr key={user.id}>
              <td>
                {cell(0)}
                {user.name}
              </td>
              <td className={styles.email}>
                {cell(1)}
                {user.email}
              </td>
              <td>
                {cell(2)}
                {t(user.isSysAdmin ? 'adminUsers.roles.admin' : 'adminUsers.roles.user')}
              </td>
              <td>
                {cell(3)}
                {t(`adminUsers.statuses.${user.status}`)}
              </td>
              <td>
                {cell(4)}
                {user.lastSignInAt ? dateTime.format(new Date(user.lastSignInAt)) : t('adminUsers.signIn.never')}
              </td>
              <td>
                {cell(5)}
                {user.id === currentUserId ? null : (
                  <div className={styles.actions}>
                    {user.isSysAdmin
                      ? actionButton(user, 'demote', { isSysAdmin: false })
                      : actionButton(user, 'promote', { isSysAdmin: true })}
                    {user.status === 'deactivated'
                      ? actionButton(user, 'reactivate', { status: 'active' })
                      : actionButton(user, 'deactivate', { status: 'deactivated' })}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager label={t('adminUsers.paging')} offset={offset} pageSize={PAGE_SIZE} total={total} onChange={setOffset} />
      {pending ? (
        <ConfirmDialog
          title={t(`adminUsers.${pending.action}Short`)}
          message={t(CONFIRM_KEYS[pending.action], { name: pending.user.name })}
          confirmLabel={t(`adminUsers.${pending.action}Short`)}
          cancelLabel={t('adminUsers.cancel')}
          tone={pending.action === 'deactivate' || pending.action === 'demote' ? 'danger' : 'primary'}
          busy={changeUser.isPending}
          onConfirm={() => confirm(pending)}
          onCancel={() => setPending(undefined)}
        />
      ) : null}
    </div>
  );
}
