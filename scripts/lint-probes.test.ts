/**
 * The import boundaries and the cycle rule of eslint.config.js, proven on code that breaks them: a
 * rule that stops matching (as the first boundary rule did, for every `.ts`/`.tsx` import) fails
 * here instead of passing lint silently. Each probe lints in-memory code as if it were a real file
 * of the project, with the project's own configuration. A probe may also close a cycle (the
 * imported module often imports the importer): a boundary probe asks for its zone's finding only.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '..');
const FEATURES = 'apps/web/src/features';
const eslint = new ESLint({ cwd: ROOT });

/** The first source file (not a test) under a folder of the project, optionally of one extension. */
function sourceFileIn(folder: string, extension = /\.tsx?$/): string {
  const entries = readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' }).sort();
  const file = entries.find((entry) => extension.test(entry) && !/\.test\.tsx?$/.test(entry));
  if (!file) throw new Error(`no source file in ${folder}`);
  return path.join(folder, file);
}

/** The import-x findings on `importer` if it imported `imported` (both relative to the root). */
async function importFindings(importer: string, imported: string): Promise<string[]> {
  let specifier = path.relative(path.dirname(importer), imported);
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  const code = `import * as probe from '${specifier}';\n\nexport const probed = probe;\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, importer) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('import-x/'))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

/** A boundary finding with the zone's own message, so a finding for another reason does not count. */
const refusal = (message: string): unknown =>
  expect.stringMatching(
    new RegExp(`^import-x/no-restricted-paths: Unexpected path .* imported in restricted zone\\. ${message}`),
  );

const features = readdirSync(path.join(ROOT, FEATURES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const [oneFeature, otherFeature] = features;

describe('import boundaries', { timeout: 120_000 }, () => {
  if (!oneFeature || !otherFeature) throw new Error('expected at least two features');

  it('refuses a feature importing a .ts module of another feature', async () => {
    const findings = await importFindings(
      sourceFileIn(`${FEATURES}/${oneFeature}`),
      sourceFileIn(`${FEATURES}/${otherFeature}`, /\.ts$/),
    );
    expect(findings).toContainEqual(refusal('A feature does not import another feature'));
  });

  it('refuses a feature importing a .tsx component of another feature', async () => {
    const findings = await importFindings(
      sourceFileIn(`${FEATURES}/${otherFeature}`),
      sourceFileIn(`${FEATURES}/${oneFeature}`, /\.tsx$/),
    );
    expect(findings).toContainEqual(refusal('A feature does not import another feature'));
  });

  it('lets a feature import its own modules, components/ and lib/', async () => {
    const importer = sourceFileIn(`${FEATURES}/${oneFeature}`);
    const ownModule = sourceFileIn(`${FEATURES}/${oneFeature}`, /\.ts$/);
    // Only the boundaries are asked about: the probe may close a cycle with a module that imports it.
    const boundaryFindings = async (imported: string) =>
      (await importFindings(importer, imported)).filter((finding) => !finding.startsWith('import-x/no-cycle'));
    expect(
      await boundaryFindings(ownModule === importer ? sourceFileIn(`${FEATURES}/${oneFeature}`, /\.tsx$/) : ownModule),
    ).toEqual([]);
    expect(await boundaryFindings(sourceFileIn('apps/web/src/components'))).toEqual([]);
    expect(await boundaryFindings(sourceFileIn('apps/web/src/lib'))).toEqual([]);
  });

  it('refuses components/ and lib/ importing a feature', async () => {
    const feature = sourceFileIn(`${FEATURES}/${oneFeature}`);
    for (const folder of ['apps/web/src/components', 'apps/web/src/lib']) {
      expect(await importFindings(sourceFileIn(folder), feature)).toContainEqual(
        refusal('components/ and lib/ serve every feature'),
      );
    }
  });

  it('refuses entities/ importing a feature, components/ or app/', async () => {
    const entity = sourceFileIn('apps/web/src/entities');
    for (const imported of [
      sourceFileIn(`${FEATURES}/${oneFeature}`),
      sourceFileIn('apps/web/src/components'),
      'apps/web/src/app/router.tsx',
    ]) {
      expect(await importFindings(entity, imported)).toContainEqual(refusal('entities/ hold the domain reads'));
    }
  });

  it('refuses lib/ importing an entity, and lets features and components/ import one', async () => {
    const entity = sourceFileIn('apps/web/src/entities');
    expect(await importFindings(sourceFileIn('apps/web/src/lib'), entity)).toContainEqual(refusal('lib/ holds no domain API'));
    const boundaryFindings = async (importer: string) =>
      (await importFindings(importer, entity)).filter((finding) => !finding.startsWith('import-x/no-cycle'));
    expect(await boundaryFindings(sourceFileIn(`${FEATURES}/${oneFeature}`))).toEqual([]);
    expect(await boundaryFindings(sourceFileIn('apps/web/src/components'))).toEqual([]);
  });

  it('refuses the shared contract importing from the apps', async () => {
    expect(await importFindings('packages/shared/src/index.ts', 'apps/server/src/config.ts')).toContainEqual(
      refusal('The shared contract imports nothing from the apps'),
    );
  });

  it('refuses the server importing the web app, and the web app the server', async () => {
    expect(await importFindings('apps/server/src/config.ts', sourceFileIn('apps/web/src/lib'))).toContainEqual(
      refusal('The server does not import the web app'),
    );
    expect(await importFindings(sourceFileIn('apps/web/src/lib'), 'apps/server/src/config.ts')).toContainEqual(
      refusal('The web app does not import the server'),
    );
  });
});

describe('server floors', { timeout: 120_000 }, () => {
  const SERVER = 'apps/server/src';
  const aModule = `${SERVER}/modules/tickets/tickets.service.ts`;

  it('refuses plugins/, lib/ and db/ importing a module', async () => {
    for (const folder of ['plugins', 'lib', 'db']) {
      expect(await importFindings(sourceFileIn(`${SERVER}/${folder}`), aModule), folder).toContainEqual(
        refusal('plugins/, lib/ and db/ import no module'),
      );
    }
  });

  it('refuses the trail importing the desk or the edge', async () => {
    for (const trail of ['audit', 'events', 'notifications']) {
      for (const above of ['tickets', 'comments', 'forwarding', 'incidents', 'assignment', 'users', 'auth', 'public-tickets']) {
        expect(
          await importFindings(sourceFileIn(`${SERVER}/modules/${trail}`), sourceFileIn(`${SERVER}/modules/${above}`)),
          `${trail} → ${above}`,
        ).toContainEqual(refusal('The trail \\(audit, events, notifications\\) imports no desk or edge module'));
      }
    }
  });

  it('lets the desk import the trail, a module import lib/, and the trail import another part of the trail', async () => {
    const boundaryFindings = async (importer: string, imported: string) =>
      (await importFindings(importer, imported)).filter((finding) => !finding.startsWith('import-x/no-cycle'));
    expect(await boundaryFindings(aModule, `${SERVER}/modules/audit/audit.repository.ts`)).toEqual([]);
    expect(await boundaryFindings(aModule, `${SERVER}/lib/pages.ts`)).toEqual([]);
    expect(
      await boundaryFindings(`${SERVER}/modules/notifications/tell-issuer.ts`, `${SERVER}/modules/events/publish.ts`),
    ).toEqual([]);
  });
});

describe('import cycles', { timeout: 120_000 }, () => {
  // local-storage.ts imports storage-contract.ts; importing it back closes a cycle.
  it('refuses a module importing a module that imports it', async () => {
    const findings = await importFindings(
      'apps/server/src/modules/storage/storage-contract.ts',
      'apps/server/src/modules/storage/local-storage.ts',
    );
    expect(findings).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/)]);
  });
});
