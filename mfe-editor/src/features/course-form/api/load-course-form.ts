import { api } from '@portal/contracts/api-client';
import type { Category, Course } from '@portal/contracts/courses';
import { uuidSchema } from '@portal/contracts/rules';
import { currentLanguage } from '@portal/web-kit/i18n';
import { useCallback, useEffect, useState } from 'react';

export type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; course: Course | null; categories: Category[] }
  | { status: 'invalid' }
  | { status: 'error'; error: unknown };

function isCourseId(id: string): boolean {
  return uuidSchema.safeParse(id).success;
}

const byName = (a: Category, b: Category) => a.name.localeCompare(b.name);

/**
 * What the form needs: the categories (named in the reader's language), and in edit mode the course. A malformed id, and one the API does not
 * know (400, 404), is 'invalid' (spec §8: toast and back to the dashboard); other failures can be retried.
 */
export function useCourseFormData(courseId: string | undefined) {
  const [state, setState] = useState<LoadState>(() =>
    courseId !== undefined && !isCourseId(courseId) ? { status: 'invalid' } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // The page keys this hook by course id: a malformed one is 'invalid' from the first render.
    if (courseId !== undefined && !isCourseId(courseId)) return;
    const controller = new AbortController();
    Promise.all([
      courseId === undefined
        ? Promise.resolve(null)
        : api.getCourse({ params: { id: courseId } }, { signal: controller.signal }),
      api.listCategories({ query: { lang: currentLanguage() } }, { signal: controller.signal }),
    ]).then(
      ([course, categories]) => setState({ status: 'ready', course, categories: [...categories].sort(byName) }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status = (error as { status?: number }).status;
        if (status === 404 || status === 400) {
          console.warn(`Course ${courseId ?? ''} could not be loaded for editing`, error);
          setState({ status: 'invalid' });
        } else {
          console.error('Could not load the course form', error);
          setState({ status: 'error', error });
        }
      },
    );
    return () => controller.abort();
  }, [courseId, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);
  return { state, retry };
}
