import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';

// No Docker engine runs where the tests run: these checks prove what can be proved without one, that the
// compose file and the Dockerfile only reference what exists and keep the rules of the stack.
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

describe('the compose stack', () => {
  it('when it is parsed, then only the gateway publishes a port and every container restarts', () => {
    expect(services.filter(([, service]) => service.ports).map(([name]) => name)).toEqual(['gateway']);
    for (const [name, service] of services)
      expect({ name, restart: service.restart }).toEqual({ name, restart: 'unless-stopped' });
  });

  it('when a container waits for another, then that one has a healthcheck and the wait is for health', () => {
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
          condition: 'service_healthy',
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

  it('when images are pulled, then their tags are pinned', () => {
    for (const [, service] of services.filter(([, service]) => service.image)) {
      expect(service.image).toMatch(/:[0-9][\w.-]*$/);
    }
    for (const match of dockerfile.matchAll(/^ARG \w+_IMAGE=(\S+)/gm)) expect(match[1]).toMatch(/:[0-9][\w.-]*$/);
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
    expect(dockerfile).toMatch(/RUN npm install --no-audit --no-fund/);
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

  it('when PostgreSQL starts empty, then each service gets its own database', () => {
    const init = read('deploy/postgres-init.sql');
    for (const name of ['auth', 'courses', 'files']) {
      expect(init).toContain(`CREATE DATABASE ${name};`);
      expect(compose.services[name]?.environment?.DATABASE_URL).toMatch(new RegExp(`@postgres:5432/${name}$`));
    }
  });
});
