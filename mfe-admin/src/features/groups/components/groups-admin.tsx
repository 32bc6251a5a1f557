import type { Group } from '@portal/contracts/groups';
import { ConfirmDialog } from '@portal/web-kit/confirm-dialog';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import layout from '@portal/web-kit/styles/page.module.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '@portal/web-kit/failure-text';

import { useCreateGroup, useDeleteGroup, useGroups, useRenameGroup } from '../api/groups.ts';
import { GROUPS_NAMESPACE } from '../i18n.ts';
import { DIRECTORY_NAMESPACE, DIRECTORY_NAMESPACES } from '../../../lib/directory-i18n.ts';
import { GroupMembers } from './group-members.tsx';
import { GroupNameForm } from './group-name-form.tsx';
import styles from './groups.module.css';
import { AdminTable, ChangeMessages } from '../../../components/admin-table.tsx';
import { Pager } from '../../../components/list-pager.tsx';
import { SearchField, useSearchPaging } from '../../../components/search-field.tsx';

const PAGE_SIZE = 25;

/** The codes a group's change is refused with, and what the page says of each. */
const GROUP_ERRORS = {
  group_name_taken: 'admin-groups:adminGroups.nameTaken',
  group_managed_by_directory: 'admin-groups:adminGroups.managedByDirectory',
} as const;

/** Groups with search and paging; create, rename and delete (confirmed); one group's members below. */
export function GroupsAdmin() {
  const { t } = useTranslation([GROUPS_NAMESPACE, DIRECTORY_NAMESPACE]);
  const failureText = useFailureText(DIRECTORY_NAMESPACES);
  const id = useId();
  const { q, offset, setOffset, search } = useSearchPaging();
  const groups = useGroups({ q, limit: PAGE_SIZE, offset });
  const createGroup = useCreateGroup();
  const renameGroup = useRenameGroup();
  const deleteGroup = useDeleteGroup();
  const [changeError, setChangeError] = useState('');
  const [notice, setNotice] = useState('');
  const [renaming, setRenaming] = useState<Group | undefined>();
  const [deleting, setDeleting] = useState<Group | undefined>();
  const [selected, setSelected] = useState<Group | undefined>();

  const done = (message: string) => {
    setNotice(message);
    setChangeError('');
  };
  const failed = (failure: unknown) => {
    setNotice('');
    setChangeError(failureText(failure, 'admin-groups:adminGroups.changeFailed', GROUP_ERRORS));
  };

  const create = async (name: string) => {
    try {
      const group = await createGroup.mutateAsync(name);
      done(t('adminGroups.created', { name: group.name }));
      return true;
    } catch (failure) {
      failed(failure);
      return false;
    }
  };

  const rename = async (target: Group, name: string) => {
    try {
      const group = await renameGroup.mutateAsync({ id: target.id, name });
      setRenaming(undefined);
      if (selected?.id === group.id) setSelected(group);
      done(t('adminGroups.renamed', { name: group.name }));
      return true;
    } catch (failure) {
      failed(failure);
      return false;
    }
  };

  const remove = (group: Group) =>
    deleteGroup.mutate(group.id, {
      onSuccess: () => {
        if (selected?.id === group.id) setSelected(undefined);
        done(t('adminGroups.deleted', { name: group.name }));
      },
      onError: failed,
      onSettled: () => setDeleting(undefined),
    });

  const error = changeError || (groups.error ? failureText(groups.error, 'admin-groups:adminGroups.loadFailed') : '');
  const total = groups.data?.total ?? 0;
  return (
    <div className={layout.page}>
      <h1 className={layout.title}>{t('adminGroups.title')}</h1>
      <GroupNameForm label={t('adminGroups.newName')} submitLabel={t('adminGroups.create')} onSave={create} />
      <SearchField id={`${id}-q`} label={t('adminGroups.search')} value={q} onSearch={search} />
      <ChangeMessages error={error} notice={notice} />
      <AdminTable
        id={id}
        caption={t('adminGroups.caption', { count: total })}
        className={styles.table}
        columns={[
          t('adminGroups.name'),
          t('adminGroups.members'),
          t('adminGroups.managedBy'),
          t('adminGroups.actions'),
        ]}
      >
        <tbody>
          {groups.data?.items.map((group) => (
            <tr key={group.id}>
              <td>
                {renaming?.id === group.id ? (
                  <GroupNameForm
                    label={t('adminGroups.renameLabel', { name: group.name })}
                    submitLabel={t('adminGroups.save')}
                    initialName={group.name}
                    onSave={(name) => rename(group, name)}
                    cancel={{ label: t('adminGroups.cancel'), onCancel: () => setRenaming(undefined) }}
                  />
                ) : (
                  group.name
                )}
              </td>
              <td>{t('adminGroups.memberCount', { count: group.memberCount })}</td>
              <td>{t(`adminGroups.managers.${group.managedBy}`)}</td>
              <td>
                <div className={styles.actions}>
                  <button
                    type="button"
                    className={buttons.button}
                    aria-label={t('adminGroups.showMembers', { name: group.name })}
                    onClick={() => setSelected(group)}
                  >
                    {t('adminGroups.showMembersShort')}
                  </button>
                  {group.managedBy === 'portal' ? (
                    <>
                      <button
                        type="button"
                        className={buttons.button}
                        aria-label={t('adminGroups.rename', { name: group.name })}
                        onClick={() => setRenaming(group)}
                      >
                        {t('adminGroups.renameShort')}
                      </button>
                      <button
                        type="button"
                        className={buttons.buttonDanger}
                        aria-label={t('adminGroups.delete', { name: group.name })}
                        onClick={() => setDeleting(group)}
                      >
                        {t('adminGroups.deleteShort')}
                      </button>
                    </>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      <Pager label={t('adminGroups.paging')} offset={offset} pageSize={PAGE_SIZE} total={total} onChange={setOffset} />
      {selected ? <GroupMembers key={selected.id} group={selected} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={t('adminGroups.deleteShort')}
          message={t('adminGroups.confirmDelete', { name: deleting.name, count: deleting.memberCount })}
          confirmLabel={t('adminGroups.deleteShort')}
          cancelLabel={t('adminGroups.cancel')}
          busy={deleteGroup.isPending}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(undefined)}
        />
      ) : null}
    </div>
  );
}
