import { finished } from 'node:stream/promises';
import archiver from 'archiver';
import { stringify } from 'csv-stringify/sync';
import { spreadsheetSafe } from '@portal/kit/csv';
import { AppError, unauthorized } from '@portal/kit/errors';
import type { PersonalDataPart } from '@portal/kit/personal-data';
import { strictRouter } from '@portal/kit/service-app';
import type { ServiceClient } from '@portal/kit/service-client';
import { serviceTexts } from '@portal/kit/texts';
import type { Router } from 'express';
import { identityOf } from './identity.ts';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import rm from './locales/rm.json' with { type: 'json' };

const translator = serviceTexts('gateway', { en, fr, de, it, rm }, { interpolation: { escapeValue: false } });

/** Where the results a person uploaded go in the archive, beside the courses service's tables. */
const RESULTS_FOLDER = 'courses/results';

/** A table's rows as CSV for a spreadsheet: UTF-8 with a BOM, a header of its columns, formula cells kept as text. */
function csvOf(rows: Record<string, unknown>[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: unknown) =>
    spreadsheetSafe(
      value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value),
    );
  return stringify([columns, ...rows.map((row) => columns.map((column) => cell(row[column])))], { bom: true });
}

/** A file name that stays inside its folder, whatever the uploader called it. */
const safeFileName = (name: string) => name.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_');

interface UploadedResult {
  id: string;
  file_name: string;
}

/** The archive's README in the person's language: what each file holds. */
function readme(parts: [string, PersonalDataPart][], language: Parameters<typeof translator>[0], day: string) {
  const t = translator(language);
  const lines = [t('personalData.title'), '', t('personalData.intro', { date: day }), '', t('personalData.files')];
  for (const [name, part] of parts) {
    lines.push('', `${name}.json`);
    for (const [table, about] of Object.entries(part.about)) lines.push(`  ${name}/${table}.csv: ${about}`);
  }
  lines.push('', `${RESULTS_FOLDER}/: ${t('personalData.results')}`);
  return `${lines.join('\n')}\n`;
}

/**
 * "Download my data" (GET /api/user/export): every service's part of the signed-in person's data, asked of each
 * service for the person themself, in one ZIP with a README in their language, a JSON file per service, a CSV
 * file per table and the results they uploaded. A service that does not answer makes it a 503: an export that
 * silently lacks a part is worse than none.
 */
export function personalDataExport(services: Record<string, ServiceClient>): Router {
  const router = strictRouter();
  router.get('/api/user/export', async (req, res) => {
    const user = req.session.user;
    if (!user) throw unauthorized();
    const context = { identity: identityOf(req), requestId: req.id };
    const parts: [string, PersonalDataPart][] = [];
    for (const [name, call] of Object.entries(services)) {
      const answer = await call(`/internal/personal-data/${user.id}`, context);
      if (answer.status !== 200)
        throw new AppError(503, 'service_unavailable', `The ${name} service could not give its part of the data`);
      parts.push([name, answer.body as PersonalDataPart]);
    }
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="my-data-${day}.zip"`);
    res.setHeader('Cache-Control', 'private, no-store');
    const zip = archiver('zip', { zlib: { level: 6 } });
    zip.pipe(res);
    zip.append(readme(parts, user.language, day), { name: 'README.txt' });
    for (const [name, { tables }] of parts) {
      zip.append(JSON.stringify(tables, null, 2), { name: `${name}.json` });
      for (const [table, rows] of Object.entries(tables)) zip.append(csvOf(rows), { name: `${name}/${table}.csv` });
    }
    const results = parts.find(([name]) => name === 'courses')?.[1].tables.course_results ?? [];
    for (const result of results as unknown as UploadedResult[]) {
      const file = await services.courses?.stream(`/api/courses/results/${result.id}/file`, context);
      if (!file) break;
      if (file.status !== 200) {
        file.body.resume();
        continue;
      }
      zip.append(file.body, { name: `${RESULTS_FOLDER}/${result.id}-${safeFileName(result.file_name)}` });
      // One file read at a time: the next is asked for once this one is in the archive.
      await finished(file.body);
    }
    await zip.finalize();
  });
  return router;
}
