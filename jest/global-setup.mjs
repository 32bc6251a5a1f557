// Every embedded (PGlite) database of the tests starts as a copy of one initialised cluster, kept in
// node_modules/.cache per PGlite version: initdb takes seconds per database (tens under load), a copy a fraction.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const root = path.resolve(import.meta.dirname, '..');

export default async function globalSetup() {
  const { version } = JSON.parse(
    readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  );
  const template = path.join(root, 'node_modules/.cache/portal-tests', `pglite-${version}`);
  if (!existsSync(path.join(template, 'PG_VERSION'))) {
    await mkdir(path.dirname(template), { recursive: true });
    // Built aside and renamed into place: a run beside this one sees a whole cluster or none.
    const building = await mkdtemp(`${template}-building-`);
    const database = new PGlite(building);
    await database.waitReady;
    await database.close();
    await rename(building, template).catch(() => rm(building, { recursive: true, force: true }));
  }
  process.env.PORTAL_TEST_PGLITE_TEMPLATE = template;
}
