import type { Readable } from 'node:stream';
import { chunkedContent } from '@portal/kit/chunks';
import archiver from 'archiver';
import type { FilesRepository, StoredFile } from '../data-access/files-repository.ts';

/** A file's bytes, read from the database a few chunks at a time as the consumer asks for them. */
export const fileContent = (repository: FilesRepository, fileId: string): Readable =>
  chunkedContent((from, count) => repository.readChunks(fileId, from, count));

/**
 * Bytes `start` to `end` (both included) of a file, from the chunks that hold them only. The chunk size is the
 * file's own (its first chunk's): CHUNK_BYTES may have changed since it was stored.
 */
export async function fileRange(
  repository: FilesRepository,
  fileId: string,
  range: { start: number; end: number },
): Promise<Readable> {
  const chunkBytes = (await repository.chunkBytes(fileId)) ?? 1;
  return chunkedContent((from, count) => repository.readChunks(fileId, from, count), { ...range, chunkBytes });
}

/** Names inside a zip must be unique: "a.pdf", "a (2).pdf", … */
function uniqueNames(files: StoredFile[]): string[] {
  const seen = new Map<string, number>();
  return files.map((file) => {
    const key = file.fileName.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count === 1) return file.fileName;
    const dot = file.fileName.lastIndexOf('.');
    return dot > 0
      ? `${file.fileName.slice(0, dot)} (${count})${file.fileName.slice(dot)}`
      : `${file.fileName} (${count})`;
  });
}

/** Formats that compress their own content: deflating them again costs CPU and saves next to nothing. */
const COMPRESSED_EXTENSIONS = new Set(
  (
    'jpg jpeg png gif webp avif heic mp4 m4v mov webm mkv avi mpg mpeg mp3 m4a aac ogg oga opus flac ' +
    'zip gz tgz bz2 xz zst 7z rar docx xlsx pptx odt ods odp epub pdf'
  ).split(' '),
);
const COMPRESSED_TYPES =
  /^(?:image\/(?:jpeg|png|gif|webp|avif)|video\/|audio\/(?!wav)|application\/(?:pdf|zip|gzip|x-7z|vnd\.openxml|vnd\.oasis))/;

function isCompressed(file: Pick<StoredFile, 'fileName' | 'fileType'>): boolean {
  const dot = file.fileName.lastIndexOf('.');
  const extension = dot > 0 ? file.fileName.slice(dot + 1).toLowerCase() : '';
  return COMPRESSED_EXTENSIONS.has(extension) || COMPRESSED_TYPES.test(file.fileType.toLowerCase());
}

/**
 * A zip of the files, built while it is sent: one file's chunks are read at a time. Compressed formats are stored
 * as they are and the rest deflated at level 1, so a download costs little CPU.
 */
export function zipOf(repository: FilesRepository, files: StoredFile[]) {
  const archive = archiver('zip', { zlib: { level: 1 } });
  const names = uniqueNames(files);
  files.forEach((file, index) => {
    archive.append(fileContent(repository, file.id), {
      name: names[index] ?? file.fileName,
      date: new Date(file.uploadedAt),
      store: isCompressed(file),
    });
  });
  void archive.finalize();
  return archive;
}
