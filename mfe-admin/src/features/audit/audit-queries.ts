import { api } from '@portal/contracts/api-client';
import { ADMIN_USER_CALLS } from '@portal/contracts/admin-users';
import { type AuditQuery, listAuditEntriesCall } from '@portal/contracts/audit';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';

const PAGE_SIZE = 50;

/** The trail for `query` (undefined: the filters are not valid yet), newest first, older pages on demand. */
export const useAuditEntries = (query: AuditQuery | undefined) =>
  useInfiniteQuery({
    queryKey: ['audit', 'entries', query] as const,
    queryFn: ({ pageParam, signal }) =>
      api.send(listAuditEntriesCall, { query: { ...query, limit: PAGE_SIZE, before: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next,
    enabled: query !== undefined,
    // Older pages and other filters keep the rows shown until their answer replaces them.
    placeholderData: keepPreviousData,
  });

/** The people whose name or e-mail begins with `term`, asked from two letters on (one finds half the company). */
export const usePeopleFound = (term: string) =>
  useQuery({
    queryKey: ['audit', 'people', term] as const,
    queryFn: ({ signal }) => api.send(ADMIN_USER_CALLS.listUsers, { query: { q: term, limit: 8 } }, { signal }),
    enabled: term.length >= 2,
    select: (page) => page.items,
  });
