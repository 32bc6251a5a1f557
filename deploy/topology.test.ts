import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { SERVICE_NAMES, type ServiceName, TOPOLOGY } from '@portal/kit/topology';
import { parse } from 'yaml';

// Every way the portal is deployed agrees with the one declaration of its services (services/kit/src/topology.ts).
// A deployment is read into the same shape, so another one (Kubernetes manifests) is one more reader in the list.
const root = path.resolve(import.meta.dirname ?? '.', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Deployment {
  name: string;
  /** Each container or workload by name: the workspace it runs (`services/auth`, `gateway`) and its environment. */
  containers: Record<string, { runs?: string; environment: Record<string, string> }>;
  /** The names of the PostgreSQL databases made for it. */
  databases: string[];
}

function composeDeployment(): Deployment {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as {
    services: Record<string, { build?: { args?: Record<string, string> }; environment?: Record<string, string> }>;
  };
  return {
    name: 'docker-compose.yml',
    containers: Object.fromEntries(
      Object.entries(compose.services).map(([name, service]) => [
        name,
        { runs: service.build?.args?.SERVICE, environment: service.environment ?? {} },
      ]),
    ),
    databases: [...read('deploy/postgres-init.sql').matchAll(/^CREATE DATABASE (\w+);/gm)].map((match) => match[1]!),
  };
}

const URL_VARIABLES = new Map(SERVICE_NAMES.map((name) => [TOPOLOGY[name].urlVariable as string, name]));
const databaseOf = (url: string | undefined) => /\/(\w+)$/.exec(url ?? '')?.[1];

describe.each([composeDeployment()])('the topology in $name', (deployment) => {
  const container = (name: string) => deployment.containers[name];

  it('when a service is declared, then it runs as a container of its own name, and no undeclared service runs', () => {
    const declared = SERVICE_NAMES.map((name) => ({ name, runs: container(name)?.runs }));
    expect(declared).toEqual(SERVICE_NAMES.map((name) => ({ name, runs: `services/${name}` })));
    const running = Object.values(deployment.containers).flatMap(({ runs }) =>
      runs?.startsWith('services/') ? [runs] : [],
    );
    expect(running.sort()).toEqual(SERVICE_NAMES.map((name) => `services/${name}`).sort());
  });

  it("when a service stores data, then its database is made and is the one its DATABASE_URL and the scripts' variable name", () => {
    // The scripts (backup, admin) run where some container carries a database URL variable: they need all of them.
    const scripts = Object.values(deployment.containers).filter(({ environment }) =>
      SERVICE_NAMES.some((name) => environment[TOPOLOGY[name].databaseUrlVariable]),
    );
    for (const name of SERVICE_NAMES) {
      const { database, databaseUrlVariable } = TOPOLOGY[name];
      expect({
        name,
        made: deployment.databases.includes(database),
        own: databaseOf(container(name)?.environment.DATABASE_URL),
        scripts: scripts.map(({ environment }) => databaseOf(environment[databaseUrlVariable])),
      }).toEqual({ name, made: true, own: database, scripts: scripts.map(() => database) });
    }
    expect(deployment.databases.sort()).toEqual(SERVICE_NAMES.map((name) => TOPOLOGY[name].database).sort());
  });

  it("when a container names a service's URL variable, then it is a declared one and points at that service's port", () => {
    for (const [name, { environment }] of Object.entries(deployment.containers)) {
      for (const [variable, value] of Object.entries(environment)) {
        if (!variable.endsWith('_SERVICE_URL')) continue;
        const service = URL_VARIABLES.get(variable);
        const target = service ? `http://${service}:${container(service)?.environment.PORT}` : 'a declared service';
        expect({ name, variable, value }).toEqual({ name, variable, value: target });
      }
    }
  });

  it("when the gateway starts, then it is given every service's URL variable", () => {
    const given = Object.keys(container('gateway')?.environment ?? {}).filter((variable) =>
      URL_VARIABLES.has(variable),
    );
    expect(given.sort()).toEqual(SERVICE_NAMES.map((name) => TOPOLOGY[name].urlVariable).sort());
  });

  it('when a service publishes a topic, then it is given the URL of every service that subscribes to it', () => {
    const subscribersOf = (topic: string) =>
      SERVICE_NAMES.filter((name) => (TOPOLOGY[name].subscribes as readonly string[]).includes(topic));
    for (const publisher of SERVICE_NAMES) {
      const needed = new Set<ServiceName>(
        TOPOLOGY[publisher].publishes.flatMap(subscribersOf).filter((name) => name !== publisher),
      );
      const missing = [...needed].filter((name) => !container(publisher)?.environment[TOPOLOGY[name].urlVariable]);
      expect({ publisher, missing }).toEqual({ publisher, missing: [] });
    }
  });
});
