import { randomUUID } from 'node:crypto';
import { EVENTS } from '@portal/contracts/events';
import type { UserListQuery } from '@portal/contracts/admin-users';
import type { UserStatus } from '@portal/contracts/auth';
import type { Language } from '@portal/contracts/languages';
import { type AuditDraft, recordAudit, writeWithAudit } from '@portal/kit/audit';
import { writeWithEvent } from '@portal/kit/events';
import { type Insertable, type Kysely, type SelectExpression, sql } from 'kysely';
import { type AdministratorGuard, checkAdministrators } from './administrators-lock.ts';
import { withUserEvents } from './directory-events.ts';
import { type AuthDatabase, SERVICE, type UsersTable } from './schema.ts';

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  /** Null for an account that signs in only through the company's provider or has not set a password yet. */
  passwordHash: string | null;
  language: Language;
  isSysAdmin: boolean;
  status: UserStatus;
  lastSignInAt: Date | null;
  /** When the address was proven (a followed mail link, an invitation, the provider); null: never. */
  emailVerifiedAt: Date | null;
}

export interface ListedUser extends Omit<UserRecord, 'passwordHash' | 'emailVerifiedAt'> {
  createdAt: Date;
}

/** LIKE's own characters in a search are matched as themselves. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const listedColumns = [
  'id',
  'email',
  'name',
  'language',
  'is_sys_admin as isSysAdmin',
  'status',
  'last_sign_in_at as lastSignInAt',
  'created_at as createdAt',
] as const;

const columns = [
  'id',
  'email',
  'name',
  'password_hash as passwordHash',
  'language',
  'is_sys_admin as isSysAdmin',
  'status',
  'last_sign_in_at as lastSignInAt',
  'email_verified_at as emailVerifiedAt',
] as const;

/** A new account's row (its status the column's default unless set). */
export const newUserRow = (user: Omit<UserRecord, 'status' | 'lastSignInAt' | 'emailVerifiedAt'>) => ({
  id: user.id,
  email: user.email,
  name: user.name,
  password_hash: user.passwordHash,
  language: user.language,
  is_sys_admin: user.isSysAdmin,
});

/**
 * Inserts a user unless the e-mail is taken (unique index, safe under concurrency), recording its `user.changed`
 * and `audit` of the new row in the same transaction; answers the row as `returning` selects it.
 */
export function insertUserUnlessEmailTaken<Row extends { id: string }>(
  db: Kysely<AuthDatabase>,
  values: Insertable<UsersTable>,
  returning: readonly SelectExpression<AuthDatabase, 'users'>[],
  audit: ((created: Row) => AuditDraft) | undefined,
): Promise<Row | undefined> {
  return withUserEvents(
    db,
    [],
    async (trx) => {
      const row = (await trx
        .insertInto('users')
        .values(values)
        .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
        .returning(returning)
        .executeTakeFirst()) as Row | undefined;
      if (row && audit) await recordAudit(trx, SERVICE, audit(row));
      return row;
    },
    (row) => (row ? [row.id] : []),
  );
}

export function usersRepository(db: Kysely<AuthDatabase>) {
  return {
    async findByEmail(email: string): Promise<UserRecord | undefined> {
      const row = await db
        .selectFrom('users')
        .select(columns)
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
      return row as UserRecord | undefined;
    },

    async findById(id: string): Promise<UserRecord | undefined> {
      const row = await db.selectFrom('users').select(columns).where('id', '=', id).executeTakeFirst();
      return row as UserRecord | undefined;
    },

    /** Inserts a user; answers undefined when the e-mail is taken. */
    insert(
      user: Omit<UserRecord, 'id' | 'status' | 'lastSignInAt' | 'emailVerifiedAt'> & {
        status?: UserStatus;
        emailVerifiedAt?: Date;
      },
      audit?: (created: UserRecord) => AuditDraft,
    ): Promise<UserRecord | undefined> {
      const values = {
        ...newUserRow({ ...user, id: randomUUID() }),
        status: user.status ?? 'active',
        email_verified_at: user.emailVerifiedAt ?? null,
      };
      return insertUserUnlessEmailTaken<UserRecord>(db, values, columns, audit);
    },

    /** Many new users at once (bulk seeding); their e-mails must not be taken. */
    async insertMany(users: Omit<UserRecord, 'status' | 'lastSignInAt' | 'emailVerifiedAt'>[]) {
      if (users.length === 0) return;
      await db.insertInto('users').values(users.map(newUserRow)).execute();
    },

    async update(
      id: string,
      changes: Partial<Pick<UserRecord, 'language' | 'passwordHash' | 'isSysAdmin' | 'status'>> & {
        emailVerifiedAt?: Date;
      },
      audit?: AuditDraft,
      guard?: AdministratorGuard,
    ): Promise<UserRecord | undefined> {
      return withUserEvents(db, [id], async (outer) => {
        await checkAdministrators(outer, guard);
        return writeWithAudit(outer as Kysely<AuthDatabase>, SERVICE, audit, async (trx) => {
          const row = await trx
            .updateTable('users')
            .set({
              ...(changes.language ? { language: changes.language } : {}),
              ...(changes.passwordHash ? { password_hash: changes.passwordHash } : {}),
              ...(changes.isSysAdmin !== undefined ? { is_sys_admin: changes.isSysAdmin } : {}),
              ...(changes.status ? { status: changes.status } : {}),
              ...(changes.emailVerifiedAt ? { email_verified_at: changes.emailVerifiedAt } : {}),
              updated_at: new Date(),
            })
            .where('id', '=', id)
            .returning(columns)
            .executeTakeFirst();
          return row as UserRecord | undefined;
        });
      });
    },

    async recordSignIn(id: string, at: Date, audit: AuditDraft) {
      await writeWithAudit(db, SERVICE, audit, (trx) =>
        trx.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute(),
      );
    },

    /** An audit record of something that changed nothing here (a refused sign-in). */
    async recordAudit(audit: AuditDraft) {
      await db.transaction().execute((trx) => recordAudit(trx, SERVICE, audit));
    },

    async findByExternalSubject(externalSubject: string): Promise<UserRecord | undefined> {
      const row = await db
        .selectFrom('users')
        .select(columns)
        .where('external_subject', '=', externalSubject)
        .executeTakeFirst();
      return row as UserRecord | undefined;
    },

    /**
     * A sign-in through the company's provider: its claims replace the account's name and e-mail (the language stays
     * the person's), the account is linked to it and its address counts as proven. `takeOver`: the provider takes
     * over an account whose address was never proven, so its password and every link sent by mail go, in the same
     * transaction.
     */
    async applyProviderClaims(
      id: string,
      claims: Pick<UserRecord, 'email' | 'name' | 'status'> & {
        externalSubject: string;
        isSysAdmin?: boolean;
        verifiedAt: Date;
        takeOver: boolean;
      },
    ): Promise<UserRecord | undefined> {
      const row = await withUserEvents(db, [id], async (trx) => {
        const updated = await trx
          .updateTable('users')
          .set({
            email: claims.email,
            name: claims.name,
            status: claims.status,
            external_subject: claims.externalSubject,
            email_verified_at: claims.verifiedAt,
            ...(claims.takeOver ? { password_hash: null } : {}),
            ...(claims.isSysAdmin ? { is_sys_admin: true } : {}),
            updated_at: new Date(),
          })
          .where('id', '=', id)
          // An account linked to another subject of the provider is not taken over by a re-used e-mail address.
          .where((eb) =>
            eb.or([eb('external_subject', 'is', null), eb('external_subject', '=', claims.externalSubject)]),
          )
          .returning(columns)
          .executeTakeFirst();
        if (updated && claims.takeOver)
          await trx.deleteFrom('password_reset_tokens').where('user_id', '=', id).execute();
        return updated;
      });
      return row as UserRecord | undefined;
    },

    /**
     * ADMIN_EMAIL at start-up names an account whose address was never proven: it becomes the administrator's, so
     * the registrant's password (replaced by `passwordHash`, or none), reset links and sessions go, in one transaction.
     */
    async takeOverAsAdministrator(id: string, passwordHash: string | null, at: Date, audit: AuditDraft) {
      return withUserEvents(db, [id], (outer: Kysely<AuthDatabase>) =>
        writeWithAudit(outer, SERVICE, audit, async (trx) => {
          const row = await trx
            .updateTable('users')
            .set({
              is_sys_admin: true,
              password_hash: passwordHash,
              email_verified_at: at,
              sessions_ended_at: at,
              updated_at: at,
            })
            .where('id', '=', id)
            .returning(columns)
            .executeTakeFirst();
          await trx.deleteFrom('password_reset_tokens').where('user_id', '=', id).execute();
          return row as UserRecord | undefined;
        }),
      );
    },

    /** When the account's sessions were last ended outside a request; undefined: never (or no such account). */
    async sessionsEndedAt(id: string): Promise<Date | undefined> {
      const row = await db.selectFrom('users').select('sessions_ended_at').where('id', '=', id).executeTakeFirst();
      return row?.sessions_ended_at ?? undefined;
    },

    /** One page of the users matching the filters, and how many match in all. */
    async list(query: UserListQuery, pageSize: number): Promise<{ users: ListedUser[]; total: number }> {
      let filtered = db.selectFrom('users');
      if (query.q) {
        // The same expression as the users_search index, so that the trigram index serves it.
        filtered = filtered.where(sql<boolean>`fold(name) || ' ' || fold(email) like fold(${likePattern(query.q)})`);
      }
      if (query.role) filtered = filtered.where('is_sys_admin', '=', query.role === 'admin');
      if (query.status) filtered = filtered.where('status', '=', query.status);
      if (query.neverSignedIn === 'true') filtered = filtered.where('last_sign_in_at', 'is', null);
      if (query.signedInBefore) filtered = filtered.where('last_sign_in_at', '<', new Date(query.signedInBefore));
      if (query.signedInAfter) filtered = filtered.where('last_sign_in_at', '>=', new Date(query.signedInAfter));
      const direction = query.order ?? 'asc';
      const sortColumn = {
        name: sql`lower(name)`,
        email: sql`lower(email)`,
        lastSignIn: sql.ref('last_sign_in_at'),
        created: sql.ref('created_at'),
      }[query.sort ?? 'name'];
      const [rows, count] = await Promise.all([
        filtered
          .select(listedColumns)
          .orderBy(sql`${sortColumn} ${sql.raw(direction === 'asc' ? 'asc nulls last' : 'desc nulls last')}`)
          .orderBy('id', direction)
          .limit(pageSize)
          .offset(query.offset ?? 0)
          .execute(),
        filtered.select((eb) => eb.fn.countAll<string | number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { users: rows as ListedUser[], total: Number(count.total) };
    },

    async findListed(id: string): Promise<ListedUser | undefined> {
      const row = await db.selectFrom('users').select(listedColumns).where('id', '=', id).executeTakeFirst();
      return row as ListedUser | undefined;
    },

    async setName(id: string, name: string): Promise<UserRecord | undefined> {
      const row = await withUserEvents(db, [id], (trx) =>
        trx
          .updateTable('users')
          .set({ name, updated_at: new Date() })
          .where('id', '=', id)
          .returning(columns)
          .executeTakeFirst(),
      );
      return row as UserRecord | undefined;
    },

    /** A first sign-in through the company's provider: an account without a password. */
    async insertFromProvider(
      user: Pick<UserRecord, 'email' | 'name' | 'language' | 'isSysAdmin'> & {
        externalSubject: string;
        verifiedAt: Date;
      },
    ): Promise<UserRecord | undefined> {
      const inserted = await withUserEvents(
        db,
        [],
        (trx) =>
          trx
            .insertInto('users')
            .values({
              id: randomUUID(),
              email: user.email,
              name: user.name,
              password_hash: null,
              language: user.language,
              is_sys_admin: user.isSysAdmin,
              external_subject: user.externalSubject,
              email_verified_at: user.verifiedAt,
            })
            .onConflict((conflict) => conflict.doNothing())
            .returning(columns)
            .executeTakeFirst(),
        (row) => (row ? [row.id] : []),
      );
      return inserted as UserRecord | undefined;
    },

    /** Deletes the account and, in the same transaction, tells the other services (its participations go). */
    delete(id: string, audit?: AuditDraft, guard?: AdministratorGuard): Promise<boolean> {
      return writeWithEvent(db, EVENTS.userDeleted, { userId: id }, async (trx) => {
        await checkAdministrators(trx, guard);
        const result = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
        if (result.numDeletedRows > 0n && audit) await recordAudit(trx, SERVICE, audit);
        return result.numDeletedRows > 0n;
      });
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
