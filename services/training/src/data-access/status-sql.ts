import { type RawBuilder, sql } from 'kysely';

/**
 * A person's status for a course at `now`, from the columns of their assigned rows taken together (earliest due
 * date, start, latest completion, recurrence): a completion older than the recurrence has expired.
 */
export function statusSql(now: Date): RawBuilder<string> {
  const at = sql`${now}::timestamptz`;
  return sql<string>`case
    when completed_at is not null
      and (recur_every_months is null or completed_at + make_interval(months => recur_every_months) > ${at})
      then 'completed'
    when completed_at is not null then 'expired'
    when due_at is not null and due_at < ${at} then 'overdue'
    when started_at is not null then 'in-progress'
    else 'not-started'
  end`;
}

/** A course's title in `language`, else in its default language. */
export function titleSql(language: string): RawBuilder<string> {
  return sql<string>`coalesce(c.titles ->> ${language}, c.titles ->> c.default_language, '')`;
}
