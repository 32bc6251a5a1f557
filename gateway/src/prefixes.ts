const segmentsOf = (path: string) => path.split('/').length;

/** Whether `path` is `declared` or under it, whole segments only; a `:name` segment of `declared` matches any one. */
function holds(declared: string, path: string): boolean {
  if (!declared.includes('/:')) return path === declared || path.startsWith(`${declared}/`);
  const wanted = declared.split('/');
  const given = path.split('/');
  return (
    given.length >= wanted.length &&
    wanted.every((segment, index) => (segment.startsWith(':') ? given[index] !== '' : segment === given[index]))
  );
}

/**
 * The declared path a path falls under, whole segments only: `/api/courses` holds `/api/courses/1`, not
 * `/api/coursesX`; `/api/courses/:id/questions` holds `/api/courses/1/questions/import`. The most specific wins.
 */
export function prefixOf(path: string, prefixes: readonly string[]): string | undefined {
  return prefixes
    .filter((prefix) => holds(prefix, path))
    .reduce<string | undefined>(
      (best, prefix) => (best && segmentsOf(best) >= segmentsOf(prefix) ? best : prefix),
      undefined,
    );
}

/** Whether a path another service declares more specifically than `prefix` (its own match) is that service's. */
export function yieldsTo(path: string, prefix: string, others: readonly string[]): boolean {
  const other = prefixOf(path, others);
  return other !== undefined && segmentsOf(other) > segmentsOf(prefix);
}
