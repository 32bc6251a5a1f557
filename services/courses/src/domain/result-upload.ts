import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { CourseResult, RESULT_FILE_TYPES } from '@portal/contracts/course-results';
import { chunkedContent, chunker } from '@portal/kit/chunks';
import { streamStorage } from '@portal/kit/uploads';
import { AppError, badRequest } from '@portal/kit/errors';
import type { ResultsRepository } from '../data-access/results-repository.ts';

type ResultFileType = (typeof RESULT_FILE_TYPES)[number];

/** The first bytes of each accepted type: a result is recognised by its content, whatever its name says. */
const SIGNATURES: { type: ResultFileType; bytes: number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];
const SIGNATURE_BYTES = Math.max(...SIGNATURES.map(({ bytes }) => bytes.length));

/** The type the content starts like, or undefined for anything else. */
export function sniffResultType(head: Uint8Array): ResultFileType | undefined {
  return SIGNATURES.find(({ bytes }) => bytes.every((byte, index) => head[index] === byte))?.type;
}

export const resultTooLarge = (limit: number) =>
  new AppError(413, 'result_too_large', `The result is larger than the limit of ${limit} bytes`);
const typeRefused = () =>
  new AppError(415, 'result_type_unsupported', 'A result is a PDF, PNG or JPEG file (checked by its content)');
const empty = () => badRequest('The file is empty', [{ path: 'file', code: 'result_empty' }]);

/** A file name kept for the download: no path, no control characters, bounded. */
function cleanName(name: string, type: ResultFileType) {
  const base = (name.split(/[/\\]/).at(-1) ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200);
  return base || `result.${type === 'application/pdf' ? 'pdf' : type === 'image/png' ? 'png' : 'jpg'}`;
}

export interface ResultUploadOptions {
  maxBytes: number;
  chunkBytes: number;
  now: () => Date;
}

/**
 * Streams one result into chunks in the database, as the files service stores attachments: one chunk in memory at
 * a time. Its type is decided by its first bytes before anything is stored; a result of another type, too large or
 * cut off leaves nothing behind. Pending review once its last chunk is stored.
 */
export async function storeResult(
  repository: ResultsRepository,
  stream: Readable,
  meta: { courseId: string; userId: string; originalName: string },
  options: ResultUploadOptions,
): Promise<CourseResult> {
  const id = randomUUID();
  const chunks = chunker(options.chunkBytes, (n, chunk) => repository.writeChunk(id, n, chunk));
  let began = false;
  let refused = false;
  let size = 0;

  async function beginOnce() {
    if (began || refused) return;
    const type = sniffResultType(chunks.held());
    if (!type) {
      refused = true;
      return;
    }
    await repository.begin({
      id,
      courseId: meta.courseId,
      userId: meta.userId,
      fileName: cleanName(meta.originalName, type),
      fileType: type,
    });
    began = true;
  }

  try {
    for await (const piece of stream) {
      const data = piece as Buffer;
      size += data.length;
      // A refused type, or past the limit: the rest is read and dropped, so the request ends cleanly with its answer.
      if (refused || size > options.maxBytes) continue;
      chunks.push(data);
      if (size >= SIGNATURE_BYTES) await beginOnce();
      if (began) await chunks.writeFull();
    }
    if (size > options.maxBytes) throw resultTooLarge(options.maxBytes);
    if (size === 0) throw empty();
    await beginOnce();
    if (refused) throw typeRefused();
    await chunks.end();
    const stored = await repository.finish(id, size, options.now());
    if (!stored) throw new AppError(409, 'result_pending', 'A result is waiting for review already');
    return stored;
  } catch (error) {
    if (began) await repository.discard(id);
    throw error;
  }
}

/** The multer storage engine over storeResult; the course and the caller were checked before (the route). */
export const resultStorage = (repository: ResultsRepository, options: ResultUploadOptions) =>
  streamStorage(
    (req, file) =>
      storeResult(
        repository,
        file.stream,
        { courseId: String(req.params.id), userId: String(req.identity.sub), originalName: file.originalname },
        options,
      ),
    (id) => repository.discard(id),
  );

/** A result's bytes, read from the database a few chunks at a time as the consumer asks for them. */
export const resultContent = (repository: ResultsRepository, resultId: string): Readable =>
  chunkedContent((from, count) => repository.readChunks(resultId, from, count));
