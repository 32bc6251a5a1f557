import type { Migration } from '@portal/kit/db';

/**
 * The directory as it stands, put in the outbox as events (each account, each group, each membership), so a
 * service fed by auth's events that starts after it (training) builds a complete read model of it.
 */
export const directoryEventsBackfill: Migration = {
  id: '007-directory-events-backfill',
  statements: [
    `insert into outbox (event_id, topic, payload)
      select gen_random_uuid(), 'user.changed', jsonb_build_object(
        'userId', id, 'name', name, 'email', email, 'language', language, 'status', status,
        'isSysAdmin', is_sys_admin)
      from users order by created_at, id`,
    `insert into outbox (event_id, topic, payload)
      select gen_random_uuid(), 'group.changed', jsonb_build_object('groupId', id, 'name', name)
      from groups order by created_at, id`,
    `insert into outbox (event_id, topic, payload)
      select gen_random_uuid(), 'group.member-added', jsonb_build_object(
        'groupId', group_id, 'userId', user_id,
        'joinedAt', to_char(added_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      from group_members order by added_at, group_id, user_id`,
  ],
};
