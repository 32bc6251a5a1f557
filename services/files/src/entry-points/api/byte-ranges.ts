import type { Request } from 'express';

/** What a download answers to the request's Range header (RFC 9110, 14): the whole file, one part, or 416. */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };
const SUFFIX = /^bytes=[ \t]*-[ \t]*(\d{1,15})[ \t]*$/;

/**
 * The part of a file of `size` bytes tagged `etag` that the request asks for: `bytes=a-b`, `a-` and `-n`, parsed by
 * Express (range-parser). Several ranges are answered with the whole file, which RFC 9110 allows: browsers' players
 * ask for one. An If-Range whose tag is not the file's asks for the whole file, as does a malformed Range.
 */
export function rangeOf(req: Request, size: number, etag: string): RangeAnswer {
  if (req.headers.range === undefined) return WHOLE;
  const ifRange = req.get('if-range');
  if (ifRange !== undefined && ifRange !== etag) return WHOLE;
  // A suffix longer than the file is the whole file (RFC 9110, 14.1.3), which range-parser calls unsatisfiable.
  const suffix = SUFFIX.exec(req.headers.range)?.[1];
  if (suffix !== undefined && Number(suffix) > 0 && size > 0) {
    return { kind: 'part', start: Math.max(size - Number(suffix), 0), end: size - 1 };
  }
  const ranges = req.range(size, { combine: true });
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges === undefined || ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return WHOLE;
  const [range] = ranges;
  return range ? { kind: 'part', start: range.start, end: range.end } : WHOLE;
}
