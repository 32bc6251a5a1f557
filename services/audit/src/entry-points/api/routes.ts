import { pipeline } from 'node:stream/promises';
import { auditQuerySchema } from '@portal/contracts/audit';
import { requireAdmin } from '@portal/kit/identity';
import { strictRouter } from '@portal/kit/service-app';
import { parseInput } from '@portal/kit/validate';
import type { Router } from 'express';
import { auditCsv } from '../../domain/csv-export.ts';
import type { AuditTrail } from '../../domain/trail.ts';

/** The trail for system administrators: a page of entries as JSON, or every matching entry as CSV. */
export function auditRoutes(trail: AuditTrail): Router {
  const router = strictRouter();

  router.get('/api/audit', requireAdmin, async (req, res) => {
    const query = parseInput(auditQuerySchema, req.query, 'query');
    if (query.format === 'csv') {
      const day = new Date().toISOString().slice(0, 10);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="audit-${day}.csv"`);
      await pipeline(auditCsv(trail.all(query), req.identity.lang), res);
      return;
    }
    res.json(await trail.page(query));
  });

  return router;
}
