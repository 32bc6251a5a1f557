import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';

/**
 * Cuts an upload's bytes into fixed-size chunks for the database (the GridFS way, decision 0011): the caller
 * awaits `writeFull` after each piece, so memory holds less than one chunk besides the piece being read.
 */
export function chunker(chunkBytes: number, write: (n: number, chunk: Buffer) => Promise<void>) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let n = 0;

  async function flush(bytes: number) {
    const joined = Buffer.concat(pending, pendingBytes);
    await write(n, joined.subarray(0, bytes));
    n += 1;
    const rest = joined.subarray(bytes);
    pending = rest.length > 0 ? [Buffer.from(rest)] : [];
    pendingBytes = rest.length;
  }

  return {
    push(data: Buffer) {
      pending.push(data);
      pendingBytes += data.length;
    },
    /** What is held and not yet written: the upload's first bytes until the first chunk is. */
    held: () => Buffer.concat(pending, pendingBytes),
    /** Writes every full chunk held. */
    async writeFull() {
      while (pendingBytes >= chunkBytes) await flush(chunkBytes);
    },
    /** Writes what is left, the last chunk. */
    async end() {
      if (pendingBytes > 0) await flush(pendingBytes);
    },
  };
}

const CHUNKS_PER_READ = 8;

/** Bytes `start` to `end` (both included) of content stored in chunks of `chunkBytes`, the last one maybe shorter. */
export interface ChunkedRange {
  start: number;
  end: number;
  chunkBytes: number;
}

/**
 * Stored bytes, read from the database a few chunks at a time as the consumer asks for them; with a range, only
 * the chunks that hold it are read (an HTTP range request of a video: a few bytes of a large file).
 */
export function chunkedContent(
  readChunks: (from: number, count: number) => Promise<StoredChunk[]>,
  range?: ChunkedRange,
): Readable {
  const first = range ? Math.floor(range.start / range.chunkBytes) : 0;
  const last = range ? Math.floor(range.end / range.chunkBytes) : Number.POSITIVE_INFINITY;
  async function* chunks() {
    let next = first;
    while (next <= last) {
      const rows = await readChunks(next, Math.min(CHUNKS_PER_READ, last - next + 1));
      if (rows.length === 0) return;
      for (const row of rows) {
        const data = Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
        if (!range) {
          yield data;
          continue;
        }
        const offset = row.n * range.chunkBytes;
        yield data.subarray(Math.max(range.start - offset, 0), Math.min(range.end + 1 - offset, data.length));
      }
      next = (rows.at(-1)?.n ?? next) + 1;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** One stored chunk: its place in the content and its bytes. */
export interface StoredChunk {
  n: number;
  data: Uint8Array;
}

/**
 * A service's chunk table, rows of (owner id, n, data) under `ownerColumn`: written one chunk at a time by
 * `chunker`, read back a few at a time by `chunkedContent`.
 */
export function chunkTable<DB>(db: Kysely<DB>, table: keyof DB & string, ownerColumn: string) {
  return {
    async write(ownerId: string, n: number, data: Uint8Array) {
      await sql`insert into ${sql.table(table)} (${sql.ref(ownerColumn)}, n, data) values (${ownerId}, ${n}, ${data})`.execute(
        db,
      );
    },
    /** Chunks n ≥ from, a few at a time, so a download never holds the whole content in memory. */
    async read(ownerId: string, from: number, count: number): Promise<StoredChunk[]> {
      const { rows } = await sql<StoredChunk>`select n, data from ${sql.table(table)}
        where ${sql.ref(ownerColumn)} = ${ownerId} and n >= ${from} order by n limit ${count}`.execute(db);
      return rows;
    },
    /** The size of the content's chunks as it was stored (its first chunk's), or undefined when it has none. */
    async chunkBytes(ownerId: string): Promise<number | undefined> {
      const { rows } = await sql<{ bytes: number | string }>`select octet_length(data) as bytes
        from ${sql.table(table)} where ${sql.ref(ownerColumn)} = ${ownerId} and n = 0`.execute(db);
      return rows[0] === undefined ? undefined : Number(rows[0].bytes);
    },
  };
}
