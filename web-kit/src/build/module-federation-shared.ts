import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ModuleFederationOptions } from '@module-federation/rsbuild-plugin';

type Shared = Extract<NonNullable<ModuleFederationOptions['shared']>, Record<string, unknown>>;

/**
 * The one shared-dependency map of the portal: every app's module-federation.config.ts builds its `shared`
 * option here, so the shell and each remote use one React, one router, one i18next instance and one toast
 * container (STYLE.md, "What we take" 2). `react/` and `react-dom/` cover the subpaths (`react-dom/client`,
 * `react/jsx-runtime`) that the bare keys do not catch.
 */
const SINGLETONS = ['react', 'react-dom', 'i18next', 'react-i18next'] as const;
const SUBPATHS = ['react', 'react-dom'] as const;

/**
 * The router: `react-router-dom` is shared as the list of what the apps use (web-kit/src/router.ts), so that
 * the rest of React Router is left out of the build. Apps import the router from `react-router-dom` only (ESLint
 * refuses `react-router`): the one copy of React Router lives inside this shared module.
 */
const ROUTER = path.resolve(import.meta.dirname, '../router.ts');
const resolveModule = createRequire(import.meta.url).resolve;
const ROUTER_VERSION = (
  JSON.parse(readFileSync(resolveModule('react-router-dom/package.json'), 'utf8')) as { version: string }
).version;

/** The toasts: `react-toastify` is shared as web-kit/src/toast.ts, the library with the portal's defaults. */
const TOAST = path.resolve(import.meta.dirname, '../toast.ts');
const TOAST_VERSION = (
  JSON.parse(readFileSync(resolveModule('react-toastify/package.json'), 'utf8')) as { version: string }
).version;

/**
 * Every module of @portal/contracts, by name: the shell provides each one (and with them the one copy of zod),
 * also those it does not import itself, so that a remote never falls back to a copy of its own.
 */
const CONTRACTS_DIR = path.dirname(resolveModule('@portal/contracts/languages'));
const CONTRACTS = readdirSync(CONTRACTS_DIR)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => file.slice(0, -'.ts'.length));

/** `dependencies` is the app's package.json dependencies: the required versions come from there. */
export function sharedDependencies(dependencies: Readonly<Record<string, string>>): Shared {
  const requiredVersion = (name: string): string => {
    const version = dependencies[name];
    if (!version) throw new Error(`"${name}" is shared by every app of the portal: add it to this app's dependencies.`);
    return version;
  };
  const shared: Shared = {};
  for (const name of SINGLETONS) shared[name] = { singleton: true, requiredVersion: requiredVersion(name) };
  for (const name of SUBPATHS) shared[`${name}/`] = { singleton: true, requiredVersion: requiredVersion(name) };
  shared['react-router-dom'] = {
    import: ROUTER,
    singleton: true,
    requiredVersion: requiredVersion('react-router-dom'),
    version: ROUTER_VERSION,
  };
  shared['react-toastify'] = {
    import: TOAST,
    singleton: true,
    requiredVersion: requiredVersion('react-toastify'),
    version: TOAST_VERSION,
  };
  for (const name of CONTRACTS) {
    // A file path (not the package request) as `import` makes every app provide the module, used or not.
    shared[`@portal/contracts/${name}`] = {
      import: path.join(CONTRACTS_DIR, `${name}.ts`),
      singleton: true,
      requiredVersion: false,
      version: '0.0.0',
    };
  }
  return shared;
}
