import { api } from '@portal/contracts/api-client';
import type { Category, Course } from '@portal/contracts/courses';
import { uuidSchema } from '@portal/contracts/rules';
import { hasStatus } from '@portal/web-kit/api-errors';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useQuery } from '@tanstack/react-query';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; course: Course | null; categories: Category[] }
  | { status: 'invalid' }
  | { status: 'error'; error: unknown };

function isCourseId(id: string): boolean {
  return uuidSchema.safeParse(id).success;
}

const byName = (a: Category, b: Category) => a.name.localeCompare(b.name);

/** A course the API does not know, or whose id it refuses, cannot be edited: no retry helps. */
const isUnknown = (error: unknown) => hasStatus(error, 404, 400);

/**
 * What the form needs: the categories (named in the reader's language), and in edit mode the course. A malformed id,
 * and one the API does not know (400, 404), is 'invalid' (spec §8: toast and back to the dashboard); other failures
 * can be retried. The form starts from what is loaded when it opens, so nothing is kept for the next opening.
 */
export function useCourseFormData(courseId: string | undefined) {
  const wellFormed = courseId === undefined || isCourseId(courseId);
  const language = currentLanguage();
  const query = useQuery({
    queryKey: ['course-form', courseId ?? 'new', language],
    queryFn: async ({ signal }) => {
      try {
        const [course, categories] = await Promise.all([
          courseId === undefined ? null : api.getCourse({ params: { id: courseId } }, { signal }),
          api.listCategories({ query: { lang: language } }, { signal }),
        ]);
        return { course, categories: [...categories].sort(byName) };
      } catch (error) {
        if (signal.aborted) throw error;
        if (isUnknown(error)) console.warn(`Course ${courseId ?? ''} could not be loaded for editing`, error);
        else console.error('Could not load the course form', error);
        throw error;
      }
    },
    enabled: wellFormed,
    // Loaded once per opening: a later answer would not change the form, which starts from the first.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnReconnect: false,
  });

  let state: LoadState;
  if (!wellFormed || (query.isError && isUnknown(query.error))) state = { status: 'invalid' };
  else if (query.isSuccess) state = { status: 'ready', ...query.data };
  else if (query.isError && !query.isFetching) state = { status: 'error', error: query.error };
  else state = { status: 'loading' };
  return { state, retry: () => void query.refetch() };
}
