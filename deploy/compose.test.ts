import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { SERVICE_NAMES } from '@portal/kit/topology';
import { parse } from 'yaml';

// The rules of the stack that can be checked without an engine: the compose file and the Dockerfile only
// reference what exists. `npm run test:compose` (deploy/test-compose.sh) builds and runs the stack for real.
const root = path.resolve(import.meta.dirname ?? '.', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target: string; args?: Record<string, string> };
  ports?: string[];
  healthcheck?: unknown;
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  restart?: string;
  profiles?: string[];
  read_only?: boolean;
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const dockerfile = read('Dockerfile');
const stages = new Set([...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((match) => match[1]));
const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
const envExample = read('.env.example');
const services = Object.entries(compose.services);
// What `docker compose up` starts: one-off tools (the admin command line) have a profile.
const running = services.filter(([, service]) => !service.profiles);
/** The default of a `${NAME:-default}` setting. */
const defaultOf = (value: string) => /^\$\{\w+:-([^}]+)\}$/.exec(value)?.[1] ?? value;

describe('the compose stack', () => {
  it('when it is parsed, then only the gateway publishes a port, on 127.0.0.1 unless told otherwise', () => {
    expect(services.filter(([, service]) => service.ports).map(([name]) => name)).toEqual(['gateway']);
    expect(compose.services.gateway?.ports).toEqual(['${PORTAL_BIND:-127.0.0.1}:${PORTAL_PORT:-8080}:8080']);
  });

  it('when the stack runs, then every container restarts unless stopped, on a read-only file system', () => {
    for (const [name, service] of running) {
      expect({ name, restart: service.restart, readOnly: service.read_only }).toEqual({
        name,
        restart: 'unless-stopped',
        readOnly: true,
      });
    }
  });

  // The gateway answers 503 for a service or slice that is not up yet: it waits for them only to be started.
  const startedIsEnough = (name: string, dependency: string) =>
    name === 'gateway' && [...SERVICE_NAMES, 'shell'].includes(dependency);

  it('when a container waits for another, then that one has a healthcheck and the wait is for health (the gateway: started)', () => {
    const healthy = (name: string) => {
      const service = compose.services[name];
      if (!service) return false;
      if (service.healthcheck) return true;
      const stage = service.build?.target ?? '';
      const stageText = dockerfile.split(/^FROM /m).find((part) => new RegExp(`AS\\s+${stage}\\b`).test(part)) ?? '';
      return /^HEALTHCHECK /m.test(stageText);
    };
    for (const [name, service] of services) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect({
          name,
          dependency,
          exists: Boolean(compose.services[dependency]),
          condition,
          healthy: healthy(dependency),
        }).toEqual({
          name,
          dependency,
          exists: true,
          condition: startedIsEnough(name, dependency) ? 'service_started' : 'service_healthy',
          healthy: true,
        });
      }
    }
  });

  it('when an image is built, then its target stage and its service or slice exist in the repository', () => {
    for (const [name, service] of services) {
      if (!service.build) continue;
      expect(stages.has(service.build.target)).toBe(true);
      const source = service.build.args?.SERVICE ?? service.build.args?.SLICE ?? '';
      expect({ name, source, exists: existsSync(path.join(root, source, 'package.json')) }).toEqual({
        name,
        source,
        exists: true,
      });
      if (service.build.args?.SERVICE) expect(existsSync(path.join(root, source, 'src/server.ts'))).toBe(true);
      if (service.build.args?.SLICE) {
        const manifest = JSON.parse(read(path.join(source, 'package.json'))) as { scripts?: Record<string, string> };
        expect(manifest.scripts?.build).toBeDefined();
      }
    }
  });

  it('when images are pulled, then each is a setting whose default is a pinned official image', () => {
    const images = services.flatMap(([, service]) => (service.image ? [service.image] : []));
    expect(images).toEqual(['${POSTGRES_IMAGE:-postgres:17.6-alpine}', '${REDIS_IMAGE:-redis:7.4-alpine}']);
    const dockerfileImages = [...dockerfile.matchAll(/^ARG (\w+_IMAGE)=(\S+)/gm)];
    expect(dockerfileImages.map((match) => match[1])).toEqual(['NODE_IMAGE', 'NGINX_IMAGE']);
    for (const [, name, image] of dockerfileImages) {
      expect(image).toMatch(/:[0-9][\w.-]*$/);
      for (const [, service] of services.filter(([, service]) => service.build)) {
        expect(defaultOf(service.build?.args?.[name!] ?? '')).toBe(image);
      }
    }
    for (const image of images) expect(defaultOf(image)).toMatch(/:[0-9][\w.-]*$/);
  });

  it('when the classic builder reads the Dockerfile, then it finds no BuildKit-only syntax', () => {
    expect(dockerfile).not.toMatch(/^# syntax=|--mount=|<<EOF|^COPY --link|--chmod=/m);
  });

  it('when a setting comes from the environment, then .env.example documents it or it has a default', () => {
    const text = read('docker-compose.yml');
    for (const match of text.matchAll(/\$\{(\w+)(:?[-?][^}]*)?\}/g)) {
      const [, variable, fallback] = match;
      if (fallback?.startsWith(':-')) continue;
      expect({ variable, documented: new RegExp(`^${variable}=`, 'm').test(envExample) }).toEqual({
        variable,
        documented: true,
      });
    }
  });

  it('when the images are built, then they run the commands the tests run, as a non-root user, without baked secrets', () => {
    expect(dockerfile).toMatch(/&& npm install --no-audit --no-fund /);
    expect(read('scripts/bootstrap.mjs')).toContain("run('npm install --no-audit --no-fund')");
    expect(dockerfile).toMatch(/RUN npm run build -w \$\{SLICE\}/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).not.toMatch(/^(ENV|ARG)\s+\S*(SECRET|PASSWORD|TOKEN)/im);
    for (const workspace of workspaces) {
      expect({ workspace, copied: dockerfile.includes(`COPY ${workspace}/package.json ${workspace}/`) }).toEqual({
        workspace,
        copied: true,
      });
    }
    expect(read('.dockerignore')).toMatch(/^\.env$/m);
  });
});
