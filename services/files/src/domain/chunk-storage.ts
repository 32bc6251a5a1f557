import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type AuditDraft, auditContextOf } from '@portal/kit/audit';
import { chunker } from '@portal/kit/chunks';
import { streamStorage } from '@portal/kit/uploads';
import { AppError } from '@portal/kit/errors';
import type { Request } from 'express';
import type { FilesRepository, StoredFile } from '../data-access/files-repository.ts';
import { CAPTIONS_TYPE } from '@portal/contracts/lessons';
import { CAPTIONS_HEAD_BYTES, captionsMaxBytes, checkCaptionsHead, isCaptions } from './captions.ts';
import { sanitizeFileName } from './file-names.ts';

export const fileTooLarge = (limit: number) =>
  new AppError(
    413,
    'payload_too_large',
    `The file is larger than the limit of ${Number((limit / 1024 ** 2).toFixed(1))} MiB (${limit} bytes)`,
  );

/**
 * Streams one upload into fixed-size chunks in the database (the GridFS way): the stream is paused while each
 * chunk is written, so memory holds one chunk at a time whatever the file's size. The file becomes visible only
 * when its last chunk is stored; an upload that fails or is too large leaves nothing behind.
 */
export async function storeStream(
  repository: FilesRepository,
  stream: Readable,
  meta: { courseId: string; originalName: string; mimeType: string },
  options: { chunkBytes: number; maxBytes: number; audit?: (file: StoredFile) => AuditDraft },
): Promise<StoredFile> {
  const id = randomUUID();
  const captions = isCaptions(meta);
  const maxBytes = captions ? captionsMaxBytes(options.maxBytes) : options.maxBytes;
  await repository.begin({
    id,
    courseId: meta.courseId,
    fileName: sanitizeFileName(meta.originalName),
    fileType: captions ? CAPTIONS_TYPE : meta.mimeType.slice(0, 255) || 'application/octet-stream',
  });
  const hash = createHash('sha256');
  const chunks = chunker(options.chunkBytes, (n, chunk) => repository.writeChunk(id, n, chunk));
  let size = 0;
  let head = Buffer.alloc(0);
  try {
    for await (const piece of stream) {
      const data = piece as Buffer;
      size += data.length;
      // Past the limit the rest is read and dropped (multer caps it), so the request ends cleanly with a 413.
      if (size > maxBytes) continue;
      if (head.length < CAPTIONS_HEAD_BYTES) head = Buffer.concat([head, data.subarray(0, CAPTIONS_HEAD_BYTES)]);
      hash.update(data);
      chunks.push(data);
      await chunks.writeFull();
    }
    if (size > maxBytes) throw fileTooLarge(maxBytes);
    if (captions) checkCaptionsHead(head.subarray(0, CAPTIONS_HEAD_BYTES));
    await chunks.end();
    return await repository.finish(id, size, hash.digest('hex'), options.audit);
  } catch (error) {
    await repository.discard(id);
    throw error;
  }
}

/** A file added or removed, on the audit trail: by whom, which file of which course, how large. */
export function fileAudit(req: Request, action: 'file.added' | 'file.removed', file: StoredFile): AuditDraft {
  return {
    ...auditContextOf(req),
    action,
    object: { type: 'file', id: file.id, label: file.fileName },
    outcome: 'success',
    details: { courseId: file.courseId, fileSize: file.fileSize },
  };
}

/** The multer storage engine over storeStream; the course id comes from the already-checked query. */
export const chunkStorage = (repository: FilesRepository, options: { chunkBytes: number; maxBytes: number }) =>
  streamStorage(
    (req, file) =>
      storeStream(
        repository,
        file.stream,
        { courseId: String(req.query.courseId), originalName: file.originalname, mimeType: file.mimetype },
        { ...options, audit: (stored) => fileAudit(req, 'file.added', stored) },
      ),
    (id) => repository.discard(id),
  );
