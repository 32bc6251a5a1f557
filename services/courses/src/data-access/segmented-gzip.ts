import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';

/** Plain bytes per segment: small enough to compress again per request, large enough to compress well. */
const SEGMENT_BYTES = 64 * 1024;
/** A gzip member's header: deflate, no name, no time, unknown system. */
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty last deflate block (fixed codes, end of block): closes the segments' stream. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

const deflate = promisify(deflateRaw);

/**
 * Compresses a segment on its own (no reference into another) and ends it on a byte with a full flush, so
 * that any segment can be replaced by another compression of other bytes of the same length.
 */
const compressSegment = (bytes: Buffer) => deflate(bytes, { level: 6, finishFlush: constants.Z_FULL_FLUSH });

/** The plain bytes in segments, each compressed on its own, off the event loop (zlib's thread pool). */
export function compressSegments(plain: Buffer): Promise<Buffer[]> {
  const segments: Promise<Buffer>[] = [];
  for (let start = 0; start < plain.length; start += SEGMENT_BYTES)
    segments.push(compressSegment(plain.subarray(start, start + SEGMENT_BYTES)));
  return Promise.all(segments);
}

/**
 * A gzip body of `plain`, built from the segments compressed for bytes that differ from `plain` only in the
 * ranges `changed` (offset and length): the segments those touch are compressed again, the others reused.
 * Decompressing it gives exactly `plain`; what a request costs is a few segments and a checksum.
 */
export async function gzipOf(
  plain: Buffer,
  segments: Buffer[],
  changed: { offset: number; length: number }[],
): Promise<Buffer> {
  const touched = new Set<number>();
  for (const { offset, length } of changed) {
    for (let index = Math.floor(offset / SEGMENT_BYTES); index * SEGMENT_BYTES < offset + length; index += 1)
      touched.add(index);
  }
  const body = await Promise.all(
    segments.map((segment, index) =>
      touched.has(index)
        ? compressSegment(plain.subarray(index * SEGMENT_BYTES, (index + 1) * SEGMENT_BYTES))
        : segment,
    ),
  );
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(plain), 0);
  trailer.writeUInt32LE(plain.length % 2 ** 32, 4);
  return Buffer.concat([HEADER, ...body, LAST_BLOCK, trailer]);
}
