import { api } from '@portal/contracts/api-client';
import { ADMIN_USER_CALLS, type AdminUserChange, type UserListQuery } from '@portal/contracts/admin-users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Every list of users is cached below this key: a change invalidates them all (the groups' search too). */
const USERS_KEY = ['admin', 'users'] as const;

/** One page of users, the filters in the key; the page shown stays while the next one is on its way. */
export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: [...USERS_KEY, query],
    queryFn: ({ signal }) => api.send(ADMIN_USER_CALLS.listUsers, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Changes a user's role or status; the lists are loaded again. */
export function useChangeUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AdminUserChange }) =>
      api.send(ADMIN_USER_CALLS.changeUser, { params: { id }, body: change }),
    onSuccess: () => client.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
