import { pipeline } from 'node:stream/promises';
import { languageQuerySchema } from '@portal/contracts/courses';
import { uuidSchema } from '@portal/contracts/rules';
import {
  assignmentListQuerySchema,
  assignmentRequestSchema,
  completionReportQuerySchema,
  complianceQuerySchema,
} from '@portal/contracts/training';
import { auditContextOf } from '@portal/kit/audit';
import { requireAdmin, requireUser, userIdOf } from '@portal/kit/identity';
import { strictRouter } from '@portal/kit/service-app';
import { parseInput } from '@portal/kit/validate';
import type { Router } from 'express';
import type { Assignments } from '../../domain/assignments.ts';
import { completionsCsv, completionsXlsx, csvDelimiterOf } from '../../domain/report-export.ts';
import type { Reports } from '../../domain/reports.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Assignments (administrators; "mine" for everyone signed in) and the reports (administrators). `assigned` is told
 * of each new assignment (its mails go out soon).
 */
export function trainingRoutes(
  assignments: Assignments,
  reports: Reports,
  { now, assigned, timeZone }: { now: () => Date; assigned: () => void; timeZone: string },
): Router {
  const router = strictRouter();

  router.post('/api/assignments', requireAdmin, async (req, res) => {
    const request = parseInput(assignmentRequestSchema, req.body, 'assignment');
    res.status(201).json(await assignments.create(request, auditContextOf(req), req.identity.lang));
    assigned();
  });

  router.get('/api/assignments', requireAdmin, async (req, res) => {
    const query = parseInput(assignmentListQuerySchema, req.query, 'query');
    res.json(await assignments.list(query.courseId, req.identity.lang));
  });

  router.get('/api/assignments/mine', requireUser, async (req, res) => {
    const { lang } = parseInput(languageQuerySchema, req.query, 'query');
    res.json(await assignments.mine(userIdOf(req.identity), lang ?? req.identity.lang));
  });

  router.delete('/api/assignments/:id', requireAdmin, async (req, res) => {
    await assignments.delete(parseInput(uuidSchema, req.params.id, 'assignment id'), auditContextOf(req));
    res.status(204).end();
  });

  router.get('/api/reports/completions', requireAdmin, async (req, res) => {
    const query = parseInput(completionReportQuerySchema, req.query, 'query');
    const language = query.lang ?? req.identity.lang;
    if (query.format === 'csv' || query.format === 'xlsx') {
      const day = now().toISOString().slice(0, 10);
      const csv = query.format === 'csv';
      res.setHeader('Content-Type', csv ? 'text/csv; charset=utf-8' : XLSX_TYPE);
      res.setHeader('Content-Disposition', `attachment; filename="completions-${day}.${query.format}"`);
      await reports.recordExport(query, auditContextOf(req));
      await pipeline(
        csv
          ? completionsCsv(reports.csvLines(query, language), language, csvDelimiterOf(query, language))
          : completionsXlsx(reports.all(query, language), language, timeZone),
        res,
      );
      return;
    }
    const page = await reports.page(query, language);
    res.setHeader('X-Total-Count', String(page.total));
    res.json(page.rows);
  });

  router.get('/api/reports/compliance', requireAdmin, async (req, res) => {
    const query = parseInput(complianceQuerySchema, req.query, 'query');
    res.json(await reports.compliance(query, query.lang ?? req.identity.lang));
  });

  return router;
}
