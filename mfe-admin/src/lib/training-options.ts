import { api } from '@portal/contracts/api-client';
import { ADMIN_USER_CALLS } from '@portal/contracts/admin-users';
import { currentLanguage } from '@portal/web-kit/i18n';
import { COURSE_LIMITS } from '@portal/contracts/courses';
import { GROUP_LIMITS } from '@portal/contracts/groups';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { training } from './training-api.ts';

export interface Option {
  id: string;
  name: string;
}

/** How many matches a search for people or groups offers at a time. */
const SEARCH_MATCHES = 8;

/**
 * The courses an administrator assigns or reports on, titled in their language: the first page of the course
 * list, drafts included. If they fail, the picker offers none (the failure is logged).
 */
export function useCourseOptions(): Option[] {
  const language = currentLanguage();
  const { data } = useQuery({
    queryKey: ['courses', 'options', language],
    queryFn: ({ signal }) =>
      api
        .listCourses({ query: { lang: language, limit: COURSE_LIMITS.pageSizeMax } }, { signal })
        .then((page) => page.items.map((course) => ({ id: course.id, name: course.title })))
        .catch((error: unknown) => {
          if (!signal.aborted) console.error('Could not load the courses to choose from', error);
          return [];
        }),
  });
  return data ?? [];
}

/** The groups matching a search (all of them, a first page, for an empty one). */
export function useGroupOptions(q = ''): UseQueryResult<Option[]> {
  return useQuery<Option[]>({
    queryKey: ['groups', 'options', q],
    queryFn: ({ signal }) =>
      training
        .listGroups({ query: { q: q || undefined, limit: SEARCH_MATCHES * 4 } }, { signal })
        .then((page) => page.items.map((group): Option => ({ id: group.id, name: group.name }))),
    placeholderData: keepPreviousData,
  });
}

/** What the groups' names are cached under. */
export const GROUP_NAMES_KEY = ['groups', 'names'] as const;

/**
 * The groups' names by id, for the lists that name the groups of an assignment: the first page of every group
 * (a group beyond it is counted, not named). If it fails, the groups are only counted.
 */
export function useGroupNames(): ReadonlyMap<string, string> {
  const { data } = useQuery({
    queryKey: GROUP_NAMES_KEY,
    queryFn: ({ signal }) => training.listGroups({ query: { limit: GROUP_LIMITS.pageMax } }, { signal }),
    select: (page) => new Map(page.items.map((group) => [group.id, group.name])),
  });
  return data ?? new Map();
}

/** The people matching a search, by name or e-mail; none asked for before something is typed. */
export function usePeopleOptions(q: string): UseQueryResult<Option[]> {
  return useQuery<Option[]>({
    queryKey: ['people', 'options', q],
    queryFn: ({ signal }) =>
      api
        .send(ADMIN_USER_CALLS.listUsers, { query: { q, limit: SEARCH_MATCHES } }, { signal })
        .then((page) => page.items.map((user): Option => ({ id: user.id, name: `${user.name} <${user.email}>` }))),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
