import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { combineChecksums, compressSegments, gzipOf } from './segmented-gzip.ts';

const SEGMENT = 64 * 1024;
/** Bytes that compress like a list of cards: repeated text with some noise. */
const listLike = (length: number) => {
  const text = Buffer.from('{"isParticipant":false,"id":"…","title":"A course"},'.repeat(Math.ceil(length / 50) + 1));
  const noise = randomBytes(length);
  return Buffer.from(text.subarray(0, length).map((byte, index) => (index % 97 === 0 ? (noise[index] ?? 0) : byte)));
};

describe('checksums of joined bytes', () => {
  it.each([0, 1, 5, 4096, SEGMENT, SEGMENT + 7, 3 * SEGMENT + 123])(
    'when B is %i bytes long, then the checksum of A then B is made from the checksums of A and B',
    (length) => {
      const first = randomBytes(1000);
      const second = randomBytes(length);
      expect(combineChecksums(crc32(first), crc32(second), second.length)).toBe(crc32(Buffer.concat([first, second])));
    },
  );
});

describe('a gzip body made from kept segments', () => {
  it('when nothing is patched, then it decompresses to the plain bytes', async () => {
    const plain = listLike(5 * SEGMENT + 321);
    const body = await gzipOf(plain, await compressSegments(plain), []);
    expect(gunzipSync(body).equals(plain)).toBe(true);
    expect(body.length).toBeLessThan(plain.length / 4);
  });

  it('when patches fall in several segments, one across a boundary, then it decompresses to the patched bytes and the kept bytes stay as they were', async () => {
    const plain = listLike(4 * SEGMENT + 10);
    const kept = Buffer.from(plain);
    const segments = await compressSegments(plain);
    const patches = [10, SEGMENT - 2, 3 * SEGMENT + 500, 4 * SEGMENT + 5].map((offset) => ({
      offset,
      bytes: Buffer.from('true '),
    }));
    const expected = Buffer.from(plain);
    for (const { offset, bytes } of patches) bytes.copy(expected, offset);

    const body = await gzipOf(plain, segments, patches);
    // gunzip checks the trailer's checksum and length against what it decompressed.
    expect(gunzipSync(body).equals(expected)).toBe(true);
    expect(plain.equals(kept)).toBe(true);
    expect(gunzipSync(await gzipOf(plain, segments, [])).equals(plain)).toBe(true);
  });

  it('when the bytes are empty, then it is an empty gzip body', async () => {
    const plain = Buffer.alloc(0);
    expect(gunzipSync(await gzipOf(plain, await compressSegments(plain), [])).length).toBe(0);
  });
});
