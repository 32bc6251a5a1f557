/** The prefix a path falls under, whole segments only: `/api/courses` holds `/api/courses/1`, not `/api/coursesX`. */
export function prefixOf(path: string, prefixes: readonly string[]): string | undefined {
  return prefixes.find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
