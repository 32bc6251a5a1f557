import { readFileSync } from 'node:fs';
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
const SINGLETONS = ['react', 'react-dom', 'i18next'] as const;
const SUBPATHS = ['react', 'react-dom'] as const;

const resolveModule = createRequire(import.meta.url).resolve;

/**
 * Libraries shared as the list of what the apps use, a file of web-kit each: a shared module is built with all of
 * its exports (no app knows what the others use), so sharing the package itself sends all of it to every page.
 * Apps import these by the package's name; the TypeScript paths point at the files, so using anything that is not
 * listed fails the typecheck. The router: the one copy of React Router lives in router.ts (ESLint refuses
 * `react-router`). The toasts: React-Toastify with the portal's defaults.
 */
const SUBSETS = {
  'react-router-dom': '../router.ts',
  'react-i18next': '../react-i18next.ts',
  'react-toastify': '../toast.ts',
} as const;

const versionOf = (name: string): string =>
  (JSON.parse(readFileSync(resolveModule(`${name}/package.json`), 'utf8')) as { version: string }).version;

/**
 * The contracts the browser uses, as one module (contracts/src/browser.ts), and the names of the files it gathers.
 * The shell provides it (and with it the one copy of zod), so that a remote never falls back to a copy of its own.
 */
const CONTRACTS_DIR = path.dirname(resolveModule('@portal/contracts/languages'));
const CONTRACTS_MODULE = path.join(CONTRACTS_DIR, 'browser.ts');
const CONTRACTS_FILES = [
  ...readFileSync(CONTRACTS_MODULE, 'utf8').matchAll(/^export \* from '\.\/([\w-]+)\.ts';$/gm),
].map(([, name]) => name as string);

/**
 * What every app's build resolves `@portal/contracts/<file>` to: the one shared module, so that the runtime
 * registers and resolves one module for the contracts, not one per file (each costs it work as every app starts).
 */
export function contractsAliases(): Record<string, string> {
  return Object.fromEntries(CONTRACTS_FILES.map((name) => [`@portal/contracts/${name}$`, CONTRACTS_MODULE]));
}

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
  for (const [name, file] of Object.entries(SUBSETS)) {
    shared[name] = {
      import: path.resolve(import.meta.dirname, file),
      singleton: true,
      requiredVersion: requiredVersion(name),
      version: versionOf(name),
    };
  }
  // An absolute path matches every import that resolves to that file (contractsAliases), and makes every app
  // provide the module, used or not.
  shared[CONTRACTS_MODULE] = {
    shareKey: '@portal/contracts',
    singleton: true,
    requiredVersion: false,
    version: '0.0.0',
  };
  return shared;
}
