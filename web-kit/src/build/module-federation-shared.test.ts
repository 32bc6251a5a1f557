/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import shellPackage from '../../../shell/package.json' with { type: 'json' };
import { contractsAliases, sharedDependencies } from './module-federation-shared.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const BROWSER_SOURCES = [
  'shell/src',
  'mfe-auth/src',
  'mfe-courses/src',
  'mfe-editor/src',
  'mfe-admin/src',
  'web-kit/src',
];

/** Every contracts file the browser code imports, by name (`@portal/contracts/auth` → `auth`). */
function contractsImportedByTheApps(): Set<string> {
  const names = new Set<string>();
  for (const dir of BROWSER_SOURCES) {
    const files = readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))) {
      const source = readFileSync(path.join(root, dir, file), 'utf8');
      for (const [, name] of source.matchAll(/['"]@portal\/contracts\/([\w-]+)['"]/g)) names.add(name as string);
    }
  }
  return names;
}

describe('the shared contracts', () => {
  it('when an app imports a contracts file, then its build resolves it to the one shared contracts module', () => {
    const aliases = contractsAliases();
    // The page registry is an exception: the shell's entry script reads it before any shared module is there. So are
    // the schemas only the auth slice's sign-in pages use, those of the administration slice's pages (users, groups,
    // SSO, directory sync, audit, uploaded results and their review, training, quiz report), the audit page's action
    // labels, the course page's lessons and its quiz player: each slice bundles its own, every other page is spared
    // their weight (decision 0036).
    const ownedByOneApp = new Set([
      'pages',
      'oidc',
      'onboarding',
      'scim',
      'sso-settings',
      'audit',
      'groups',
      'course-results',
      'training',
      'training-calls',
      'admin-users',
      'lessons',
      'quizzes',
      'quiz-calls',
      'quiz-report',
      'audit-actions',
    ]);
    const imported = [...contractsImportedByTheApps()].filter((name) => !ownedByOneApp.has(name));
    expect(imported.length).toBeGreaterThan(5);
    expect(aliases['@portal/contracts/pages$']).toBeUndefined();
    for (const name of imported) {
      expect(aliases[`@portal/contracts/${name}$`]).toBe(path.join(root, 'contracts/src/browser.ts'));
    }
  });

  it('when the apps build their shared-dependency map, then the contracts are one shared module, not one per file', () => {
    const shared = sharedDependencies(shellPackage.dependencies);
    const contracts = Object.entries(shared).filter(([key]) => key.includes('contracts'));
    expect(contracts).toEqual([
      [
        path.join(root, 'contracts/src/browser.ts'),
        expect.objectContaining({ shareKey: '@portal/contracts', singleton: true }),
      ],
    ]);
  });
});
