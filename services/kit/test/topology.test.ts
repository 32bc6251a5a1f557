import { describe, expect, it } from '@jest/globals';
import { EVENTS } from '@portal/contracts/events';
import { loadServiceConfig } from '@portal/kit/config';
import { eventTablesMigration } from '@portal/kit/events';
import { startService } from '@portal/kit/start-service';
import { Router } from 'express';
import { SERVICE_NAMES, subscribersOf, subscriptionMismatch, TOPOLOGY } from '@portal/kit/topology';

const everyUrl = (variable: string) => `http://${variable.toLowerCase()}:8080`;

describe('the topology', () => {
  it('when a publisher is given every URL, then each topic it publishes goes to every other service that subscribes to it', () => {
    expect(subscribersOf('auth', everyUrl)).toEqual({
      [EVENTS.userDeleted]: [
        { service: 'courses', urls: 'http://courses_service_url:8080' },
        { service: 'training', urls: 'http://training_service_url:8080' },
        { service: 'quizzes', urls: 'http://quizzes_service_url:8080' },
      ],
      [EVENTS.userChanged]: [
        { service: 'training', urls: 'http://training_service_url:8080' },
        { service: 'quizzes', urls: 'http://quizzes_service_url:8080' },
      ],
      [EVENTS.groupChanged]: [{ service: 'training', urls: 'http://training_service_url:8080' }],
      [EVENTS.groupDeleted]: [{ service: 'training', urls: 'http://training_service_url:8080' }],
      [EVENTS.groupMemberAdded]: [{ service: 'training', urls: 'http://training_service_url:8080' }],
      [EVENTS.groupMemberRemoved]: [{ service: 'training', urls: 'http://training_service_url:8080' }],
      [EVENTS.auditRecorded]: [{ service: 'audit', urls: 'http://audit_service_url:8080' }],
    });
    expect(subscribersOf('audit', everyUrl)).toEqual({});
  });

  it('when a subscriber has no URL, then its topics are left out (they wait in the outbox), the others still go', () => {
    const withoutTraining = (variable: string) =>
      variable === 'TRAINING_SERVICE_URL' || variable === 'QUIZZES_SERVICE_URL' ? undefined : everyUrl(variable);
    expect(subscribersOf('courses', withoutTraining)).toEqual({
      [EVENTS.courseDeleted]: [{ service: 'files', urls: 'http://files_service_url:8080' }],
      [EVENTS.auditRecorded]: [{ service: 'audit', urls: 'http://audit_service_url:8080' }],
    });
  });

  it('when every topic is looked at, then each one published has a subscriber and each one subscribed to a publisher', () => {
    const published = new Set(SERVICE_NAMES.flatMap((name) => [...TOPOLOGY[name].publishes]));
    const subscribed = new Set(SERVICE_NAMES.flatMap((name) => [...TOPOLOGY[name].subscribes]));
    expect([...published].sort()).toEqual([...subscribed].sort());
    expect([...published].sort()).toEqual(Object.values(EVENTS).sort());
  });

  it('when a service handles other topics than it subscribes to, then each difference is named', () => {
    expect(subscriptionMismatch('files', [EVENTS.courseDeleted])).toEqual([]);
    expect(subscriptionMismatch('files', [EVENTS.userDeleted])).toEqual([
      'files handles user.deleted but does not subscribe (services/kit/src/topology.ts)',
      'files subscribes to course.deleted but has no handler (services/kit/src/topology.ts)',
    ]);
  });

  it("when a service's configuration is loaded, then its port defaults to the topology's and every URL variable is read", () => {
    const config = loadServiceConfig(
      'files',
      {},
      { IDENTITY_SECRET: 'x'.repeat(32), TRAINING_SERVICE_URL: 'http://t:1' },
    );
    expect({ port: config.PORT, training: config.TRAINING_SERVICE_URL, auth: config.AUTH_SERVICE_URL }).toEqual({
      port: TOPOLOGY.files.port,
      training: 'http://t:1',
      auth: undefined,
    });
  });

  it('when a service handles a topic it does not subscribe to, then it refuses to start and names the difference', async () => {
    const config = {
      ...loadServiceConfig('files', {}, { IDENTITY_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' }),
      DATA_DIR: 'memory',
    };
    const started = startService({
      name: 'files',
      config,
      migrations: [eventTablesMigration],
      routes: () => Router(),
      eventHandlers: () => ({ [EVENTS.userDeleted]: async () => undefined }),
      personalData: { tables: {}, texts: () => ((key: string) => key) as never },
    });
    // A service that starts anyway is stopped, so that the failure is the assertion's and not a hanging run.
    await expect(started.then((service) => service.stop())).rejects.toThrow(
      'files handles user.deleted but does not subscribe (services/kit/src/topology.ts); files subscribes to course.deleted but has no handler',
    );
  });
});
