import { CAPTIONS_TYPE, LESSON_LIMITS } from '@portal/contracts/lessons';
import { badRequest } from '@portal/kit/errors';

/** The most of a file's first bytes the signature needs: a byte-order mark, "WEBVTT" and one separator. */
export const CAPTIONS_HEAD_BYTES = 10;
const SIGNATURE = /^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/;

/** An upload declared as WebVTT, or named so (browsers do not all know the type of a .vtt file). */
export const isCaptions = (meta: { originalName: string; mimeType: string }) =>
  /\.vtt$/i.test(meta.originalName) || meta.mimeType.split(';')[0]?.trim().toLowerCase() === CAPTIONS_TYPE;

/** The largest captions file: a feature film's are a few hundred KiB. */
export const captionsMaxBytes = (maxBytes: number) => Math.min(maxBytes, LESSON_LIMITS.captionsMaxBytes);

/** Refuses captions that do not start as the WebVTT format says (the file's first line is "WEBVTT"). */
export function checkCaptionsHead(head: Buffer) {
  if (!SIGNATURE.test(head.toString('utf8'))) {
    throw badRequest('A captions file is a WebVTT file: its first line starts with "WEBVTT"', [
      { path: 'file', code: 'captions_not_webvtt' },
    ]);
  }
}
