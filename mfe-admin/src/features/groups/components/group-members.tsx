import type { Group, GroupMember } from '@portal/contracts/groups';
import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '@portal/web-kit/failure-text';
import { DIRECTORY_NAMESPACE, DIRECTORY_NAMESPACES } from '../../../lib/directory-i18n.ts';

import { useAddMember, useCandidates, useGroupMembers, useRemoveMember } from '../api/groups.ts';
import { GROUPS_NAMESPACE } from '../i18n.ts';
import styles from './groups.module.css';
import { AdminTable, ChangeMessages } from '../../../components/admin-table.tsx';
import { LabelledInput } from '../../../components/labelled-input.tsx';
import { Pager } from '../../../components/list-pager.tsx';
import { SearchField, useSearchPaging } from '../../../components/search-field.tsx';

const PAGE_SIZE = 25;

/** One group's members with search and paging; active people found by a search are added, members removed. */
export function GroupMembers({ group }: { group: Group }) {
  const { t, i18n } = useTranslation([GROUPS_NAMESPACE, DIRECTORY_NAMESPACE]);
  const failureText = useFailureText(DIRECTORY_NAMESPACES);
  const id = useId();
  const { q, offset, setOffset, search } = useSearchPaging();
  const members = useGroupMembers(group.id, { q, limit: PAGE_SIZE, offset });
  const [find, setFind] = useState('');
  const candidates = useCandidates(find);
  const addMember = useAddMember();
  const removeMember = useRemoveMember();
  const [removing, setRemoving] = useState<GroupMember | undefined>();
  const [changeError, setChangeError] = useState('');
  const [notice, setNotice] = useState('');
  const readOnly = group.managedBy === 'directory';

  const handlers = (message: string) => ({
    onSuccess: () => {
      setNotice(message);
      setChangeError('');
    },
    onError: (failure: unknown) => {
      setNotice('');
      setChangeError(
        failureText(failure, 'admin-groups:adminGroups.changeFailed', {
          group_managed_by_directory: 'admin-groups:adminGroups.managedByDirectory',
        }),
      );
    },
  });

  const error =
    changeError ||
    (members.error
      ? failureText(members.error, 'admin-groups:adminGroups.loadFailed')
      : candidates.error
        ? failureText(candidates.error, 'adminUsers.loadFailed')
        : '');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const total = members.data?.total ?? 0;
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
            {(find.trim() ? (candidates.data?.items ?? []) : []).map((user) => (
              <li key={user.id}>
                {user.name} ({user.email}){' '}
                <button
                  type="button"
                  className={buttons.button}
                  aria-label={t('adminGroups.add', { name: user.name })}
                  onClick={() =>
                    addMember.mutate(
                      { groupId: group.id, userId: user.id },
                      handlers(t('adminGroups.added', { name: user.name, group: group.name })),
                    )
                  }
                >
                  {t('adminGroups.addShort')}
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
        className={styles.table}
        columns={[
          t('admin-directory:fields.name'),
          t('admin-directory:fields.email'),
          t('adminGroups.joined'),
          readOnly ? null : t('adminGroups.actions'),
        ]}
      >
        <tbody>
          {members.data?.items.map((member) => (
            <tr key={member.id}>
              <td>{member.name}</td>
              <td>{member.email}</td>
              <td>{date.format(new Date(member.joinedAt))}</td>
              {readOnly ? null : (
                <td>
                  <button
                    type="button"
                    className={buttons.button}
                    aria-label={t('adminGroups.remove', { name: member.name })}
                    onClick={() => setRemoving(member)}
                  >
                    {t('adminGroups.removeShort')}
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
      {removing ? (
        <ConfirmDialog
          title={t('adminGroups.removeShort')}
          message={t('adminGroups.confirmRemove', { name: removing.name, group: group.name })}
          confirmLabel={t('adminGroups.removeShort')}
          cancelLabel={t('adminGroups.cancel')}
          busy={removeMember.isPending}
          onConfirm={() =>
            removeMember.mutate(
              { groupId: group.id, userId: removing.id },
              {
                ...handlers(t('adminGroups.removed', { name: removing.name, group: group.name })),
                onSettled: () => setRemoving(undefined),
              },
            )
          }
          onCancel={() => setRemoving(undefined)}
        />
      ) : null}
    </section>
  );
}
