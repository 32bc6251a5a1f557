import { z } from 'zod/mini';
import type { ApiCall } from './api-calls.ts';
import { boundedTo, lineTextSchema, uuidSchema } from './rules.ts';
import {
  assignmentListQuerySchema,
  assignmentRequestSchema,
  assignmentSchema,
  complianceQuerySchema,
  complianceRowSchema,
  completionReportQuerySchema,
  completionRowSchema,
} from './training.ts';

/**
 * A group as the pickers list it. Declared here until the groups' own contracts (auth's group administration)
 * export theirs: the same shape as `GET /api/admin/groups` answers.
 */
export const groupSummarySchema = z.object({
  id: uuidSchema,
  name: z.string(),
  memberCount: z.number(),
  managedBy: z.enum(['portal', 'directory']),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

const groupListQuerySchema = z.object({
  q: z.optional(lineTextSchema().check(boundedTo(200, 'search_too_long'), z.trim())),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
  offset: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000))),
});

/**
 * The calls of the training administration pages (assignments, reports), by the name of their client's method.
 * Kept out of API_CALLS, which every page carries (decision 0036): only the courses slice, whose pages make them,
 * bundles this table, and sends its calls through the shared client (`createCallTableClient`). The employee's one
 * call (`myAssignments`, made by the dashboard and every course page) is in API_CALLS: here it would bring the
 * slice its own copy of zod on those pages.
 */
export const TRAINING_CALLS = {
  createAssignment: {
    method: 'post',
    path: '/api/assignments',
    body: assignmentRequestSchema,
    response: assignmentSchema,
  },
  listAssignments: {
    method: 'get',
    path: '/api/assignments',
    query: assignmentListQuerySchema,
    response: z.array(assignmentSchema),
  },
  deleteAssignment: {
    method: 'delete',
    path: '/api/assignments/:id',
    params: z.object({ id: uuidSchema }),
    /** A message, or nothing (204): the page needs neither. Not auth's messageSchema: that file stays out of the slice. */
    response: z.optional(z.object({ message: z.string() })),
  },
  completionReport: {
    method: 'get',
    path: '/api/reports/completions',
    paged: true,
    query: completionReportQuerySchema,
    response: z.array(completionRowSchema),
  },
  complianceReport: {
    method: 'get',
    path: '/api/reports/compliance',
    query: complianceQuerySchema,
    response: z.array(complianceRowSchema),
  },
  listGroups: {
    method: 'get',
    path: '/api/admin/groups',
    paged: true,
    query: groupListQuerySchema,
    response: z.array(groupSummarySchema),
  },
} as const satisfies Record<string, ApiCall>;
