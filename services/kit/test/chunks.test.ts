import { describe, expect, it } from '@jest/globals';
import { chunkedContent, type StoredChunk } from '../src/chunks.ts';

/** 10 chunks of 4 bytes ("0000", "1111", …), recording which chunks each read asked for. */
function storedChunks() {
  const reads: [number, number][] = [];
  const chunks: StoredChunk[] = Array.from({ length: 10 }, (_, n) => ({ n, data: Buffer.from(String(n).repeat(4)) }));
  const readChunks = async (from: number, count: number) => {
    reads.push([from, count]);
    return chunks.slice(from, from + count);
  };
  return { reads, readChunks };
}

async function text(stream: AsyncIterable<unknown>) {
  let all = '';
  for await (const piece of stream) all += String(piece);
  return all;
}

describe('content read back from chunks', () => {
  it('when a range is asked for, then only the chunks that hold it are read and exactly its bytes come', async () => {
    const { reads, readChunks } = storedChunks();
    expect(await text(chunkedContent(readChunks, { start: 22, end: 25, chunkBytes: 4 }))).toBe('5566');
    expect(reads).toEqual([[5, 2]]);
  });

  it('when a range runs to the last byte over many chunks, then they are read a few at a time', async () => {
    const { reads, readChunks } = storedChunks();
    expect(await text(chunkedContent(readChunks, { start: 3, end: 39, chunkBytes: 4 }))).toBe(
      '0111122223333444455556666777788889999',
    );
    expect(reads).toEqual([
      [0, 8],
      [8, 2],
    ]);
  });

  it('when no range is asked for, then every chunk comes in order', async () => {
    const { readChunks } = storedChunks();
    expect(await text(chunkedContent(readChunks))).toBe('0000111122223333444455556666777788889999');
  });
});
