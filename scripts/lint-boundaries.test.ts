import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ESLint, type Linter } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');

/** A real source file under `folder` (tests aside, absolute), so each probe imports something that resolves. */
function sourceIn(folder: string): string {
  const entry = readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .sort()
    .find((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  if (!entry) throw new Error(`no source file under ${folder}`);
  return path.join(root, folder, entry);
}

/** Another feature folder of the same slice than `feature`. */
const otherFeature = (slice: string, feature: string) =>
  readdirSync(path.join(root, slice, 'src/features')).find((name) => name !== feature) as string;

let eslint: ESLint;

/**
 * Lints one import as if it were written in `file` (nothing is written) and returns the boundary messages;
 * `imported` is a package name or the absolute path of a source file.
 */
async function boundaryMessages(file: string, imported: string): Promise<Linter.LintMessage[]> {
  const filePath = path.join(root, file);
  const specifier = path.isAbsolute(imported) ? relativeTo(filePath, imported) : imported;
  const [result] = await eslint.lintText(`import '${specifier}';\n`, { filePath });
  return (result?.messages ?? []).filter((message) =>
    ['import-x/no-restricted-paths', 'import-x/no-nodejs-modules', 'no-restricted-imports'].includes(
      message.ruleId ?? '',
    ),
  );
}

function relativeTo(file: string, target: string): string {
  const relative = path.relative(path.dirname(file), target);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

describe('the boundaries ESLint enforces', () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  it('when a slice imports another slice’s src, then lint says it must go through module federation', async () => {
    const messages = await boundaryMessages('shell/src/app/probe.tsx', sourceIn('mfe-courses/src/lib'));
    expect(messages).toEqual([
      expect.objectContaining({ message: expect.stringContaining('only through module federation') }),
    ]);
  });

  it('when a slice’s test loads another slice’s exposed page, then lint allows it; outside a test it does not', async () => {
    expect(await boundaryMessages('shell/src/app/probe.test.tsx', '@portal/mfe-auth/LoginPage')).toEqual([]);
    expect(await boundaryMessages('shell/src/app/probe.tsx', '@portal/mfe-auth/LoginPage')).toHaveLength(1);
  });

  it('when a feature imports another feature, then lint points to app/, components/ or lib/', async () => {
    const feature = 'dashboard';
    const other = otherFeature('mfe-courses', feature);
    const messages = await boundaryMessages(
      `mfe-courses/src/features/${feature}/probe.ts`,
      sourceIn(`mfe-courses/src/features/${other}`),
    );
    expect(messages).toEqual([
      expect.objectContaining({ message: expect.stringContaining('Features do not import each other') }),
    ]);
  });

  it('when a feature imports app/, or lib/ imports a feature, then lint says the flow is one way', async () => {
    const featureToApp = await boundaryMessages(
      'mfe-courses/src/features/dashboard/probe.ts',
      sourceIn('mfe-courses/src/app'),
    );
    expect(featureToApp).toEqual([
      expect.objectContaining({ message: expect.stringContaining('a feature never imports app/') }),
    ]);
    const libToFeature = await boundaryMessages(
      'mfe-courses/src/lib/probe.ts',
      sourceIn('mfe-courses/src/features/dashboard'),
    );
    expect(libToFeature).toEqual([
      expect.objectContaining({ message: expect.stringContaining('shared code never imports features/ or app/') }),
    ]);
  });

  it('when app/ imports a feature and the feature imports lib/, then lint has nothing to say', async () => {
    expect(
      await boundaryMessages('mfe-courses/src/app/probe.ts', sourceIn('mfe-courses/src/features/dashboard')),
    ).toEqual([]);
    expect(
      await boundaryMessages('mfe-courses/src/features/dashboard/probe.ts', sourceIn('mfe-courses/src/lib')),
    ).toEqual([]);
  });

  it('when a lower layer of a service imports a higher one, then lint names the layers', async () => {
    const entryPoint = sourceIn('services/auth/src/entry-points');
    for (const [file, imported] of [
      ['services/auth/src/domain/probe.ts', entryPoint],
      ['services/auth/src/data-access/probe.ts', entryPoint],
      ['services/auth/src/data-access/probe.ts', sourceIn('services/auth/src/domain')],
    ] as const) {
      expect(await boundaryMessages(file, imported)).toEqual([
        expect.objectContaining({ message: expect.stringContaining('entry-points → domain → data-access') }),
      ]);
    }
    expect(
      await boundaryMessages('services/auth/src/domain/probe.ts', sourceIn('services/auth/src/data-access')),
    ).toEqual([]);
  });

  it('when a service imports another service’s src, then lint says to call it over HTTP or by events', async () => {
    const messages = await boundaryMessages(
      'services/files/src/domain/probe.ts',
      sourceIn('services/courses/src/domain'),
    );
    expect(messages).toEqual([expect.objectContaining({ message: expect.stringContaining('never through its src') })]);
  });

  it('when the contracts import React or a Node built-in, then lint refuses both', async () => {
    expect(await boundaryMessages('contracts/src/probe.ts', 'react')).toEqual([
      expect.objectContaining({ ruleId: 'no-restricted-imports', message: expect.stringContaining('no React') }),
    ]);
    expect(await boundaryMessages('contracts/src/probe.ts', 'node:crypto')).toEqual([
      expect.objectContaining({ ruleId: 'import-x/no-nodejs-modules' }),
    ]);
  });
});
