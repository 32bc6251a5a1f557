import archiver from 'archiver';
import { stringify } from 'csv-stringify/sync';
import { spreadsheetSafe } from '@portal/kit/csv';
import { AppError, unauthorized } from '@portal/kit/errors';
import { strictRouter } from '@portal/kit/service-app';
import type { ServiceClient } from '@portal/kit/service-client';
import type { Router } from 'express';
import { identityOf } from './identity.ts';

type Tables = Record<string, Record<string, unknown>[]>;

/** A table's rows as CSV for a spreadsheet: UTF-8 with a BOM, a header of its columns, formula cells kept as text. */
function csvOf(rows: Record<string, unknown>[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: unknown) =>
    spreadsheetSafe(
      value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value),
    );
  return stringify([columns, ...rows.map((row) => columns.map((column) => cell(row[column])))], { bom: true });
}

/**
 * "Download my data" (GET /api/user/export): every service's part of the signed-in person's data, asked of each
 * service for the person themself, in one ZIP with a JSON file per service and a CSV file per table. A service
 * that does not answer makes it a 503: an export that silently lacks a part is worse than none.
 */
export function personalDataExport(services: Record<string, ServiceClient>): Router {
  const router = strictRouter();
  router.get('/api/user/export', async (req, res) => {
    const user = req.session.user;
    if (!user) throw unauthorized();
    const parts: [string, Tables][] = [];
    for (const [name, call] of Object.entries(services)) {
      const answer = await call(`/internal/personal-data/${user.id}`, { identity: identityOf(req), requestId: req.id });
      if (answer.status !== 200)
        throw new AppError(503, 'service_unavailable', `The ${name} service could not give its part of the data`);
      parts.push([name, answer.body as Tables]);
    }
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="my-data-${day}.zip"`);
    res.setHeader('Cache-Control', 'private, no-store');
    const zip = archiver('zip', { zlib: { level: 6 } });
    zip.pipe(res);
    for (const [name, tables] of parts) {
      zip.append(JSON.stringify(tables, null, 2), { name: `${name}.json` });
      for (const [table, rows] of Object.entries(tables)) zip.append(csvOf(rows), { name: `${name}/${table}.csv` });
    }
    await zip.finalize();
  });
  return router;
}
