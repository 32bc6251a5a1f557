import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { CompletionRow } from '@portal/contracts/training';
import { completionsXlsx } from '../src/domain/report-export.ts';

const ROWS = 10_000;

describe('the XLSX export', () => {
  it('when a batch is long, then the workbook’s bytes go out while its rows are written, not only after the batch', async () => {
    let bytes = 0;
    let bytesAtLastRow: number | undefined;
    const row = (n: number): CompletionRow => ({
      userId: randomUUID(),
      // Read once per row as the workbook writes it: the last row's read tells what had gone out by then.
      get name() {
        if (n === ROWS - 1) bytesAtLastRow = bytes;
        return `Person ${n}`;
      },
      email: `person${n}@example.ch`,
      courseId: randomUUID(),
      courseTitle: 'Workplace safety',
      mandatory: true,
      status: 'completed',
      assignedAt: '2026-03-01T09:00:00.000Z',
      dueAt: '2026-03-31T21:59:59.000Z',
      startedAt: '2026-03-02T09:00:00.000Z',
      completedAt: '2026-03-03T09:00:00.000Z',
      accountStatus: 'active',
      groups: ['Group A', 'Group B'],
    });
    let endBatches = () => {};
    const batchesEnded = new Promise<void>((resolve) => (endBatches = resolve));
    async function* batches() {
      yield Array.from({ length: ROWS }, (_, n) => row(n));
      // The next batch is slow to come: what went out must not wait for it.
      await batchesEnded;
    }
    const out = completionsXlsx(batches(), 'en', 'Europe/Zurich');
    out.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
    const ended = new Promise((resolve) => out.once('end', resolve));
    while (bytesAtLastRow === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
    endBatches();
    await ended;

    expect(bytesAtLastRow).toBeGreaterThan(0.25 * bytes);
  });
});
