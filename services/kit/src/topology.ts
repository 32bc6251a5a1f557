import { EVENTS } from '@portal/contracts/events';
import { SCIM_BASE_PATH } from '@portal/contracts/scim';

interface ServiceDeclaration {
  /** Where the service listens when PORT is unset, and where the others look for it on this machine. */
  port: number;
  /** Its PostgreSQL database (compose, the admin scripts) and its PGlite folder under DATA_DIR. */
  database: string;
  /** Where the scripts (`npm run admin`, backups) find its database on a PostgreSQL server. */
  databaseUrlVariable: string;
  /** How the gateway and the other services reach it (comma-separated instances for the gateway). */
  urlVariable: string;
  /** The paths the gateway streams to it; everything else under /api is the gateway's own. */
  proxied: readonly string[];
  /** The topics it records in its outbox; it never names who receives them. */
  publishes: readonly string[];
  /** The topics it handles (its eventHandlers): every publisher of one delivers it here. */
  subscribes: readonly string[];
}

/**
 * The portal's services, declared once: `npm start`, the gateway, the kit (config, outbox relay) and the scripts
 * read it; `deploy/topology.test.ts` checks the compose file against it.
 */
export const TOPOLOGY = {
  auth: {
    port: 8101,
    database: 'auth',
    databaseUrlVariable: 'AUTH_DATABASE_URL',
    urlVariable: 'AUTH_SERVICE_URL',
    proxied: [
      '/api/user/set-language',
      '/api/user/set-name',
      '/api/user/request-password-reset',
      '/api/user/reset-password/status',
      '/api/user/verify-email',
      '/api/admin/users',
      '/api/admin/groups',
      '/api/admin/invitations',
      '/api/admin/scim-tokens',
      '/api/admin/scim-settings',
      '/api/admin/sso',
      SCIM_BASE_PATH,
    ],
    publishes: [
      EVENTS.userDeleted,
      EVENTS.userChanged,
      EVENTS.groupChanged,
      EVENTS.groupDeleted,
      EVENTS.groupMemberAdded,
      EVENTS.groupMemberRemoved,
      EVENTS.auditRecorded,
    ],
    subscribes: [],
  },
  courses: {
    port: 8102,
    database: 'courses',
    databaseUrlVariable: 'COURSES_DATABASE_URL',
    urlVariable: 'COURSES_SERVICE_URL',
    proxied: ['/api/courses', '/api/categories', '/api/lessons'],
    publishes: [
      EVENTS.courseDeleted,
      EVENTS.courseChanged,
      EVENTS.participationStarted,
      EVENTS.completionRecorded,
      EVENTS.resultUploaded,
      EVENTS.resultDiscarded,
      EVENTS.resultReviewed,
      EVENTS.lessonChanged,
      EVENTS.lessonDeleted,
      EVENTS.auditRecorded,
    ],
    // A deleted user leaves their courses; a passed quiz counts towards a course completed by rule.
    subscribes: [EVENTS.userDeleted, EVENTS.quizPassed],
  },
  files: {
    port: 8103,
    database: 'files',
    databaseUrlVariable: 'FILES_DATABASE_URL',
    urlVariable: 'FILES_SERVICE_URL',
    proxied: ['/api/files'],
    publishes: [EVENTS.auditRecorded],
    // A deleted course takes its files along.
    subscribes: [EVENTS.courseDeleted],
  },
  audit: {
    port: 8104,
    database: 'audit',
    databaseUrlVariable: 'AUDIT_DATABASE_URL',
    urlVariable: 'AUDIT_SERVICE_URL',
    proxied: ['/api/audit'],
    publishes: [],
    subscribes: [EVENTS.auditRecorded],
  },
  training: {
    port: 8105,
    database: 'training',
    databaseUrlVariable: 'TRAINING_DATABASE_URL',
    urlVariable: 'TRAINING_SERVICE_URL',
    proxied: ['/api/assignments', '/api/reports'],
    publishes: [EVENTS.auditRecorded],
    // Its read model of the directory, the courses, participations and completions, for assignments and reports;
    // the quizzes' last failed attempts (cleared by a pass) for the administrators' digest.
    subscribes: [
      EVENTS.userChanged,
      EVENTS.userDeleted,
      EVENTS.groupChanged,
      EVENTS.groupDeleted,
      EVENTS.groupMemberAdded,
      EVENTS.groupMemberRemoved,
      EVENTS.courseChanged,
      EVENTS.courseDeleted,
      EVENTS.participationStarted,
      EVENTS.completionRecorded,
      EVENTS.resultUploaded,
      EVENTS.resultDiscarded,
      EVENTS.resultReviewed,
      EVENTS.quizPassed,
      EVENTS.quizAttemptsExhausted,
    ],
  },
  quizzes: {
    port: 8106,
    database: 'quizzes',
    databaseUrlVariable: 'QUIZZES_DATABASE_URL',
    urlVariable: 'QUIZZES_SERVICE_URL',
    proxied: [
      '/api/courses/:id/questions',
      '/api/questions',
      '/api/lessons/:id/quiz',
      '/api/lessons/:id/attempts',
      '/api/lessons/:id/grants',
      '/api/lessons/:id/quiz-report',
      '/api/attempts',
    ],
    publishes: [EVENTS.quizPassed, EVENTS.quizAttemptsExhausted, EVENTS.auditRecorded],
    // Its read model of the courses (published or draft) and their quiz lessons, and people's names for the quiz
    // report; a deleted account's name and attempts go.
    subscribes: [
      EVENTS.courseChanged,
      EVENTS.courseDeleted,
      EVENTS.lessonChanged,
      EVENTS.lessonDeleted,
      EVENTS.userChanged,
      EVENTS.userDeleted,
    ],
  },
} as const satisfies Record<string, ServiceDeclaration>;

export type ServiceName = keyof typeof TOPOLOGY;
export type ServiceUrlVariable = (typeof TOPOLOGY)[ServiceName]['urlVariable'];
export const SERVICE_NAMES = Object.keys(TOPOLOGY) as ServiceName[];

/** A service's address on this machine at its default port (the default of its URL variable where one applies). */
export const localServiceUrl = (service: ServiceName) => `http://127.0.0.1:${TOPOLOGY[service].port}`;

/**
 * Topic → the services a publisher delivers it to: every other service that subscribes to it and whose URL variable
 * the publisher was given. A topic without one stays in the outbox until its subscriber is configured.
 */
export function subscribersOf(
  publisher: ServiceName,
  urlOf: (variable: ServiceUrlVariable) => string | undefined,
): Record<string, { service: ServiceName; urls: string }[]> {
  const published: readonly string[] = TOPOLOGY[publisher].publishes;
  return Object.fromEntries(
    published.flatMap((topic) => {
      const reachable = SERVICE_NAMES.flatMap((service) => {
        const subscribes: readonly string[] = TOPOLOGY[service].subscribes;
        const urls = urlOf(TOPOLOGY[service].urlVariable);
        return service !== publisher && subscribes.includes(topic) && urls ? [{ service, urls }] : [];
      });
      return reachable.length > 0 ? [[topic, reachable]] : [];
    }),
  );
}

/** Problems when the topics a service handles are not the ones the topology says it subscribes to. */
export function subscriptionMismatch(service: ServiceName, handled: readonly string[]): string[] {
  const declared: readonly string[] = TOPOLOGY[service].subscribes;
  return [
    ...handled.filter((topic) => !declared.includes(topic)).map((topic) => `handles ${topic} but does not subscribe`),
    ...declared.filter((topic) => !handled.includes(topic)).map((topic) => `subscribes to ${topic} but has no handler`),
  ].map((problem) => `${service} ${problem} (services/kit/src/topology.ts)`);
}
