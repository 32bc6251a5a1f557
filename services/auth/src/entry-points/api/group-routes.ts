import { TOTAL_COUNT_HEADER } from '@portal/contracts/http';
import {
  groupListQuerySchema,
  groupMemberListQuerySchema,
  groupMembersRequestSchema,
  groupRequestSchema,
} from '@portal/contracts/groups';
import { uuidSchema } from '@portal/contracts/rules';
import { auditContextOf } from '@portal/kit/audit';
import { requireAdmin } from '@portal/kit/identity';
import { strictRouter } from '@portal/kit/service-app';
import { parseInput } from '@portal/kit/validate';
import type { Router } from 'express';
import type { GroupAdministration } from '../../domain/groups.ts';

/** /api/admin/groups: the administrators' groups, proxied by the gateway; every route is for administrators only. */
export function groupRoutes(groups: GroupAdministration): Router {
  const router = strictRouter();
  const groupId = (value: unknown) => parseInput(uuidSchema, value, 'group id');

  router.get('/api/admin/groups', requireAdmin, async (req, res) => {
    const page = await groups.list(parseInput(groupListQuerySchema, req.query, 'query'));
    res.setHeader(TOTAL_COUNT_HEADER, String(page.total));
    res.json(page.groups);
  });

  router.post('/api/admin/groups', requireAdmin, async (req, res) => {
    const { name } = parseInput(groupRequestSchema, req.body);
    res.status(201).json(await groups.create(name, auditContextOf(req)));
  });

  router.patch('/api/admin/groups/:id', requireAdmin, async (req, res) => {
    const id = groupId(req.params.id);
    const { name } = parseInput(groupRequestSchema, req.body);
    res.json(await groups.rename(id, name, auditContextOf(req)));
  });

  router.delete('/api/admin/groups/:id', requireAdmin, async (req, res) => {
    await groups.delete(groupId(req.params.id), auditContextOf(req));
    res.json({ message: 'Group deleted' });
  });

  router.get('/api/admin/groups/:id/members', requireAdmin, async (req, res) => {
    const id = groupId(req.params.id);
    const page = await groups.members(id, parseInput(groupMemberListQuerySchema, req.query, 'query'));
    res.setHeader(TOTAL_COUNT_HEADER, String(page.total));
    res.json(page.members);
  });

  router.post('/api/admin/groups/:id/members', requireAdmin, async (req, res) => {
    const id = groupId(req.params.id);
    const { userIds } = parseInput(groupMembersRequestSchema, req.body);
    res.json(await groups.addMembers(id, userIds, auditContextOf(req)));
  });

  router.delete('/api/admin/groups/:id/members/:userId', requireAdmin, async (req, res) => {
    const id = groupId(req.params.id);
    await groups.removeMember(id, parseInput(uuidSchema, req.params.userId, 'user id'), auditContextOf(req));
    res.json({ message: 'Member removed' });
  });

  return router;
}
