import { api } from '@portal/contracts/api-client';
import { ADMIN_USER_CALLS, type AdminUser } from '@portal/contracts/admin-users';
import { GROUP_CALLS, type Group, type GroupMember } from '@portal/contracts/groups';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../../lib/failure-text.ts';
import { ADMIN_NAMESPACE } from '../../../lib/admin-i18n.ts';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';
import { GROUPS_NAMESPACE } from '../i18n.ts';
import { AdminTable, ChangeMessages } from '../../../components/admin-table.tsx';
import { LabelledInput } from '../../../components/labelled-input.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SearchField, useSearchPaging } from '../../../components/search-field.tsx';

const PAGE_SIZE = 25;
/** People offered by the search for someone to add. */
const CANDIDATES = 10;

/** One group's members with search and paging; people found by a search are added, members removed. */
export function GroupMembers({ group, onChanged }: { group: Group; onChanged: () => void }) {
  const { t, i18n } = useTranslation([GROUPS_NAMESPACE, AUTH_NAMESPACE]);
  const failureText = useFailureText(ADMIN_NAMESPACE);
  const id = useId();
  const { q, offset, setOffset, search } = useSearchPaging();
  const [page, setPage] = useState<{ items: GroupMember[]; total: number } | undefined>();
  const [find, setFind] = useState('');
  const [candidates, setCandidates] = useState<AdminUser[]>([]);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [version, setVersion] = useState(0);
  const readOnly = group.managedBy === 'directory';

  useEffect(() => {
    const controller = new AbortController();
    api
      .send(
        GROUP_CALLS.listGroupMembers,
        { params: { id: group.id }, query: { q: q || undefined, limit: PAGE_SIZE, offset } },
        { signal: controller.signal },
      )
      .then(setPage, (failure: unknown) => {
        if (!controller.signal.aborted) setError(failureText(failure, 'auth-groups:adminGroups.loadFailed'));
      });
    return () => controller.abort();
    // failureText changes with the language only; the list reloads on search, page and changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [group.id, q, offset, version]);

  useEffect(() => {
    if (!find.trim()) return undefined;
    const controller = new AbortController();
    api.send(ADMIN_USER_CALLS.listUsers, { query: { q: find, limit: CANDIDATES } }, { signal: controller.signal }).then(
      (found) => setCandidates(found.items),
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failureText(failure, 'adminUsers.loadFailed'));
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [find]);

  const changed = (message: string) => {
    setNotice(message);
    setError('');
    setVersion((previous) => previous + 1);
    onChanged();
  };
  const failed = (failure: unknown) => {
    setNotice('');
    setError(
      failureText(failure, 'auth-groups:adminGroups.changeFailed', {
        group_managed_by_directory: 'auth-groups:adminGroups.managedByDirectory',
      }),
    );
  };

  const add = async (user: AdminUser) => {
    try {
      await api.send(GROUP_CALLS.addGroupMembers, { params: { id: group.id }, body: { userIds: [user.id] } });
      changed(t('adminGroups.added', { name: user.name, group: group.name }));
    } catch (failure) {
      failed(failure);
    }
  };

  const remove = async (member: GroupMember) => {
    if (!window.confirm(t('adminGroups.confirmRemove', { name: member.name, group: group.name }))) return;
    try {
      await api.send(GROUP_CALLS.removeGroupMember, { params: { id: group.id, userId: member.id } });
      changed(t('adminGroups.removed', { name: member.name, group: group.name }));
    } catch (failure) {
      failed(failure);
    }
  };

  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const total = page?.total ?? 0;
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adminGroups.membersOf', { name: group.name })}</h2>
      {readOnly ? <p>{t('adminGroups.directoryNote')}</p> : null}
      <ChangeMessages error={error} notice={notice} />
      {readOnly ? null : (
        <LabelledInput
          id={`${id}-find`}
          label={t('adminGroups.findPerson')}
          type="search"
          maxLength={200}
          value={find}
          onChange={(event) => setFind(event.target.value)}
        >
          <ul aria-label={t('adminGroups.candidates')}>
            {(find.trim() ? candidates : []).map((user) => (
              <li key={user.id}>
                {user.name} ({user.email}){' '}
                <button type="button" onClick={() => void add(user)}>
                  {t('adminGroups.add', { name: user.name })}
                </button>
              </li>
            ))}
          </ul>
        </LabelledInput>
      )}
      <SearchField id={`${id}-q`} label={t('adminGroups.searchMembers')} value={q} onSearch={search} />
      <AdminTable
        id={id}
        caption={t('adminGroups.membersCaption', { count: total })}
        columns={[
          t('auth:fields.name'),
          t('auth:fields.email'),
          t('adminGroups.joined'),
          readOnly ? null : t('adminGroups.actions'),
        ]}
      >
        <tbody>
          {page?.items.map((member) => (
            <tr key={member.id}>
              <td>{member.name}</td>
              <td>{member.email}</td>
              <td>{date.format(new Date(member.joinedAt))}</td>
              {readOnly ? null : (
                <td>
                  <button type="button" onClick={() => void remove(member)}>
                    {t('adminGroups.remove', { name: member.name })}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </AdminTable>
      <Pager
        label={t('adminGroups.membersPaging')}
        offset={offset}
        pageSize={PAGE_SIZE}
        total={total}
        onChange={setOffset}
      />
    </section>
  );
}
