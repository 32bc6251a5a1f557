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

/** Plain bytes compressed in segments, with each segment's CRC-32 (the gzip trailer's checksum is made of them). */
export interface Segments {
  compressed: Buffer[];
  checksums: number[];
}

/** Bytes to write over the plain bytes at `offset`. */
export interface Patch {
  offset: number;
  bytes: Buffer;
}

const segmentOf = (plain: Buffer, index: number) => plain.subarray(index * SEGMENT_BYTES, (index + 1) * SEGMENT_BYTES);

/** The plain bytes in segments, each compressed on its own, off the event loop (zlib's thread pool). */
export async function compressSegments(plain: Buffer): Promise<Segments> {
  const count = Math.ceil(plain.length / SEGMENT_BYTES);
  const indexes = Array.from({ length: count }, (_, index) => index);
  return {
    compressed: await Promise.all(indexes.map((index) => compressSegment(segmentOf(plain, index)))),
    checksums: indexes.map((index) => crc32(segmentOf(plain, index))),
  };
}

const CRC_POLYNOMIAL = 0xedb88320;

/** a(x)·b(x) modulo the CRC-32 polynomial, both in the reflected order CRC-32 uses (zlib's multmodp). */
function multiplyModulo(a: number, b: number): number {
  let product = 0;
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if (a & bit) product ^= b;
    b = b & 1 ? (b >>> 1) ^ CRC_POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial for k = 0…31: a power for any length is a product of these. */
const POWERS_OF_X = Array.from({ length: 32 }, () => 0);
POWERS_OF_X[0] = 0x40000000;
for (let k = 1; k < 32; k += 1) POWERS_OF_X[k] = multiplyModulo(POWERS_OF_X[k - 1] ?? 0, POWERS_OF_X[k - 1] ?? 0);

/**
 * The CRC-32 of A followed by B from the CRC-32 of each and B's length (zlib's crc32_combine, which Node does not
 * expose): A's checksum shifted by B's length in bits, then B's added. A few dozen multiplications instead of a
 * pass over the bytes.
 */
export function combineChecksums(first: number, second: number, secondLength: number): number {
  let shift = 0x80000000;
  // secondLength bytes are 8·secondLength bits: x^(8·n) is the product of x^(2^(k+3)) for each bit k of n.
  for (let n = secondLength, k = 3; n > 0; n = Math.floor(n / 2), k += 1)
    if (n % 2) shift = multiplyModulo(POWERS_OF_X[k % 32] ?? 0, shift);
  return (multiplyModulo(shift, first) ^ second) >>> 0;
}

/**
 * A gzip body of `plain` with `patches` written over it, built from the segments compressed for `plain`: the
 * segments a patch touches are copied, patched and compressed again, the others reused with their checksums.
 * Decompressing it gives exactly the patched bytes; what a request costs is a few segments, not a copy of the
 * whole list nor a pass over it.
 */
export async function gzipOf(plain: Buffer, segments: Segments, patches: Patch[]): Promise<Buffer> {
  const patched = new Map<number, Buffer>();
  for (const { offset, bytes } of patches) {
    bytes.forEach((byte, at) => {
      const index = Math.floor((offset + at) / SEGMENT_BYTES);
      let copy = patched.get(index);
      if (!copy) {
        copy = Buffer.from(segmentOf(plain, index));
        patched.set(index, copy);
      }
      copy[offset + at - index * SEGMENT_BYTES] = byte;
    });
  }
  const body = await Promise.all(
    segments.compressed.map((segment, index) => {
      const copy = patched.get(index);
      return copy ? compressSegment(copy) : segment;
    }),
  );
  let checksum = 0;
  segments.checksums.forEach((kept, index) => {
    const copy = patched.get(index);
    const segmentChecksum = copy ? crc32(copy) : kept;
    const length = Math.min(SEGMENT_BYTES, plain.length - index * SEGMENT_BYTES);
    checksum = index === 0 ? segmentChecksum : combineChecksums(checksum, segmentChecksum, length);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum, 0);
  trailer.writeUInt32LE(plain.length % 2 ** 32, 4);
  return Buffer.concat([HEADER, ...body, LAST_BLOCK, trailer]);
}
