import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { CompletionRow } from '@portal/contracts/training';
import type { Language } from '@portal/contracts/languages';
import ExcelJS from 'exceljs';
import { completionsCsv, completionsXlsx } from '../src/domain/report-export.ts';

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
      scorePercent: 85,
      attemptsUsed: 2,
      passedAt: '2026-03-03T09:00:00.000Z',
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

const QUIZZED: CompletionRow = {
  userId: randomUUID(),
  name: 'Rita Rätia',
  email: 'rita@example.ch',
  courseId: randomUUID(),
  courseTitle: 'Fire safety',
  mandatory: true,
  status: 'completed',
  assignedAt: '2026-03-01T09:00:00.000Z',
  dueAt: null,
  startedAt: '2026-03-02T09:00:00.000Z',
  completedAt: '2026-03-03T09:00:00.000Z',
  accountStatus: 'active',
  groups: [],
  scorePercent: 72.5,
  attemptsUsed: 3,
  passedAt: '2026-03-03T09:00:00.000Z',
};

async function text(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('the quiz evidence columns of the exports', () => {
  it.each<[Language, string]>([
    ['en', 'Score (%),Attempts used,Passed on'],
    ['fr', 'Résultat (%);Tentatives utilisées;Réussi le'],
    ['de', 'Ergebnis (%);Benötigte Versuche;Bestanden am'],
    ['it', 'Punteggio (%);Tentativi usati;Superato il'],
    ['rm', 'Resultat (%);Emprovas duvradas;Reussì ils'],
  ])(
    'when a CSV is written in %s, then its header ends with the evidence columns, translated',
    async (language, end) => {
      const delimiter = language === 'en' ? ',' : ';';
      async function* lines() {
        yield ['a line as the database wrote it'];
      }
      const csv = await text(completionsCsv(lines(), language, delimiter));
      const [header, row] = csv.slice(1).split('\n');
      expect(header?.endsWith(`${delimiter}${end}`)).toBe(true);
      expect(header?.split(delimiter)).toHaveLength(14);
      expect(row).toBe('a line as the database wrote it');
    },
  );

  it('when an XLSX is written, then the score and attempts are numbers and the pass an Excel date in the portal’s time zone', async () => {
    async function* batches() {
      yield [QUIZZED, { ...QUIZZED, userId: randomUUID(), scorePercent: null, attemptsUsed: null, passedAt: null }];
    }
    const chunks: Buffer[] = [];
    for await (const chunk of completionsXlsx(batches(), 'de', 'Europe/Zurich')) chunks.push(chunk as Buffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(Buffer.concat(chunks)).buffer);
    const sheet = workbook.worksheets[0]!;
    const cells = (row: number) => [12, 13, 14].map((cell) => sheet.getRow(row).getCell(cell).value);
    expect(cells(1)).toEqual(['Ergebnis (%)', 'Benötigte Versuche', 'Bestanden am']);
    expect(cells(2)).toEqual([72.5, 3, new Date('2026-03-03T10:00:00.000Z')]);
    expect(sheet.getRow(2).getCell(14).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(cells(3)).toEqual([null, null, null]);
  });
});
