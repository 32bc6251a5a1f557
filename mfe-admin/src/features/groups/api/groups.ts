import { api } from '@portal/contracts/api-client';
import { ADMIN_USER_CALLS } from '@portal/contracts/admin-users';
import { GROUP_CALLS } from '@portal/contracts/groups';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** The groups and their members are cached below this key: every change invalidates them all (counts move too). */
const GROUPS_KEY = ['admin', 'groups'] as const;

/** People offered by the search for someone to add. */
const CANDIDATES = 10;

/** A page of a list: its search and offset. */
interface Page {
  q: string;
  limit: number;
  offset: number;
}

/** One page of groups; the page shown stays while the next one is on its way. */
export function useGroups({ q, limit, offset }: Page) {
  const query = { q: q || undefined, limit, offset };
  return useQuery({
    queryKey: [...GROUPS_KEY, 'list', query],
    queryFn: ({ signal }) => api.send(GROUP_CALLS.listGroups, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One page of a group's members. */
export function useGroupMembers(groupId: string, { q, limit, offset }: Page) {
  const query = { q: q || undefined, limit, offset };
  return useQuery({
    queryKey: [...GROUPS_KEY, 'members', groupId, query],
    queryFn: ({ signal }) => api.send(GROUP_CALLS.listGroupMembers, { params: { id: groupId }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Active people matching a search, to be added to a group: a deactivated account cannot take part. */
export function useCandidates(find: string) {
  const query = { q: find.trim(), status: 'active', limit: CANDIDATES } as const;
  return useQuery({
    queryKey: ['admin', 'users', query],
    queryFn: ({ signal }) => api.send(ADMIN_USER_CALLS.listUsers, { query }, { signal }),
    enabled: query.q.length > 0,
  });
}

/** A change of the groups; once it is done, every list of groups and members is loaded again. */
function useGroupChange<Variables, Result>(send: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: GROUPS_KEY }),
  });
}

export const useCreateGroup = () =>
  useGroupChange((name: string) => api.send(GROUP_CALLS.createGroup, { body: { name } }));

export const useRenameGroup = () =>
  useGroupChange(({ id, name }: { id: string; name: string }) =>
    api.send(GROUP_CALLS.renameGroup, { params: { id }, body: { name } }),
  );

export const useDeleteGroup = () =>
  useGroupChange((id: string) => api.send(GROUP_CALLS.deleteGroup, { params: { id } }));

export const useAddMember = () =>
  useGroupChange(({ groupId, userId }: { groupId: string; userId: string }) =>
    api.send(GROUP_CALLS.addGroupMembers, { params: { id: groupId }, body: { userIds: [userId] } }),
  );

export const useRemoveMember = () =>
  useGroupChange(({ groupId, userId }: { groupId: string; userId: string }) =>
    api.send(GROUP_CALLS.removeGroupMember, { params: { id: groupId, userId } }),
  );
