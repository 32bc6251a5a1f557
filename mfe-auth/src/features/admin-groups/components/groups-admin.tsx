import { api } from '@portal/contracts/api-client';
import { GROUP_CALLS, type Group } from '@portal/contracts/groups';
import buttons from '@portal/web-kit/styles/buttons.module.css';
import field from '@portal/web-kit/styles/field.module.css';
import layout from '@portal/web-kit/styles/page.module.css';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../../components/admin-page.module.css';
import { useFailureText } from '../../../lib/failure-text.ts';
import { AUTH_NAMESPACE } from '../../../lib/i18n.ts';
import { GROUPS_NAMESPACE } from '../i18n.ts';
import { GroupMembers } from './group-members.tsx';
import { AdminTable, ChangeMessages } from '../../../components/admin-table.tsx';
import { LabelledInput } from '../../../components/labelled-input.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SearchField, useSearchPaging } from '../../../components/search-field.tsx';

const PAGE_SIZE = 25;

/** The codes a group's change is refused with, and what the page says of each. */
const GROUP_ERRORS = {
  group_name_taken: 'auth-groups:adminGroups.nameTaken',
  group_managed_by_directory: 'auth-groups:adminGroups.managedByDirectory',
} as const;

/** Groups with search and paging; create, rename and delete (confirmed); one group's members below. */
export function GroupsAdmin() {
  const { t } = useTranslation([GROUPS_NAMESPACE, AUTH_NAMESPACE]);
  const failureText = useFailureText();
  const id = useId();
  const { q, offset, setOffset, search } = useSearchPaging();
  const [page, setPage] = useState<{ items: Group[]; total: number } | undefined>();
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [newName, setNewName] = useState('');
  const [renaming, setRenaming] = useState<{ group: Group; name: string } | undefined>();
  const [selected, setSelected] = useState<Group | undefined>();
  // Bumped after a change so that the page is loaded again.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api
      .send(
        GROUP_CALLS.listGroups,
        { query: { q: q || undefined, limit: PAGE_SIZE, offset } },
        { signal: controller.signal },
      )
      .then(
        (loaded) => {
          setPage(loaded);
          setError('');
        },
        (failure: unknown) => {
          if (!controller.signal.aborted) setError(failureText(failure, 'auth-groups:adminGroups.loadFailed'));
        },
      );
    return () => controller.abort();
    // failureText changes with the language only; the list reloads on search, page and changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, offset, version]);

  const done = (message: string) => {
    setNotice(message);
    setError('');
    setVersion((previous) => previous + 1);
  };
  const failed = (failure: unknown, fallback: string) => {
    setNotice('');
    setError(failureText(failure, fallback, GROUP_ERRORS));
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const group = await api.send(GROUP_CALLS.createGroup, { body: { name: newName } });
      setNewName('');
      done(t('adminGroups.created', { name: group.name }));
    } catch (failure) {
      failed(failure, 'auth-groups:adminGroups.changeFailed');
    }
  };

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (!renaming) return;
    try {
      const group = await api.send(GROUP_CALLS.renameGroup, {
        params: { id: renaming.group.id },
        body: { name: renaming.name },
      });
      setRenaming(undefined);
      if (selected?.id === group.id) setSelected(group);
      done(t('adminGroups.renamed', { name: group.name }));
    } catch (failure) {
      failed(failure, 'auth-groups:adminGroups.changeFailed');
    }
  };

  const remove = async (group: Group) => {
    if (!window.confirm(t('adminGroups.confirmDelete', { name: group.name, count: group.memberCount }))) return;
    try {
      await api.send(GROUP_CALLS.deleteGroup, { params: { id: group.id } });
      if (selected?.id === group.id) setSelected(undefined);
      done(t('adminGroups.deleted', { name: group.name }));
    } catch (failure) {
      failed(failure, 'auth-groups:adminGroups.changeFailed');
    }
  };

  const total = page?.total ?? 0;
  return (
    <div className={layout.page}>
      <h1 className={layout.title}>{t('adminGroups.title')}</h1>
      <form className={styles.toolbar} onSubmit={(event) => void create(event)}>
        <LabelledInput
          id={`${id}-new`}
          label={t('adminGroups.newName')}
          required
          maxLength={100}
          value={newName}
          onChange={(event) => setNewName(event.target.value)}
        />
        <button type="submit" className={buttons.buttonPrimary}>
          {t('adminGroups.create')}
        </button>
      </form>
      <SearchField id={`${id}-q`} label={t('adminGroups.search')} value={q} onSearch={search} />
      <ChangeMessages error={error} notice={notice} />
      <AdminTable
        id={id}
        caption={t('adminGroups.caption', { count: total })}
        columns={[
          t('adminGroups.name'),
          t('adminGroups.members'),
          t('adminGroups.managedBy'),
          t('adminGroups.actions'),
        ]}
      >
        <tbody>
          {page?.items.map((group) => (
            <tr key={group.id}>
              <td>
                {renaming?.group.id === group.id ? (
                  <form onSubmit={(event) => void rename(event)}>
                    <label htmlFor={`${id}-rename`} className={field.label}>
                      {t('adminGroups.renameLabel', { name: group.name })}
                    </label>
                    <input
                      id={`${id}-rename`}
                      required
                      maxLength={100}
                      value={renaming.name}
                      onChange={(event) => setRenaming({ group, name: event.target.value })}
                    />{' '}
                    <button type="submit">{t('adminGroups.save')}</button>{' '}
                    <button type="button" onClick={() => setRenaming(undefined)}>
                      {t('adminGroups.cancel')}
                    </button>
                  </form>
                ) : (
                  group.name
                )}
              </td>
              <td>{t('adminGroups.memberCount', { count: group.memberCount })}</td>
              <td>{t(`adminGroups.managers.${group.managedBy}`)}</td>
              <td>
                <button type="button" onClick={() => setSelected(group)}>
                  {t('adminGroups.showMembers', { name: group.name })}
                </button>
                {group.managedBy === 'portal' ? (
                  <>
                    {' '}
                    <button type="button" onClick={() => setRenaming({ group, name: group.name })}>
                      {t('adminGroups.rename', { name: group.name })}
                    </button>{' '}
                    <button type="button" onClick={() => void remove(group)}>
                      {t('adminGroups.delete', { name: group.name })}
                    </button>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      <Pager label={t('adminGroups.paging')} offset={offset} pageSize={PAGE_SIZE} total={total} onChange={setOffset} />
      {selected ? (
        <GroupMembers key={selected.id} group={selected} onChanged={() => setVersion((previous) => previous + 1)} />
      ) : null}
    </div>
  );
}
