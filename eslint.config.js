import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = 'apps/web/src/features';
const features = readdirSync(new URL(FEATURES, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Who may import whom. Zones read resolved paths, so `.ts`/`.tsx` imports are matched like any other. */
const boundaries = [
  ...features.map((feature) => ({
    target: `./${FEATURES}/${feature}`,
    from: `./${FEATURES}`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need into components/ or entities/.',
  })),
  {
    target: ['./apps/web/src/components', './apps/web/src/lib'],
    from: `./${FEATURES}`,
    message: 'components/ and lib/ serve every feature and import none.',
  },
  // The web's floors: features and components/ read the domain through entities/; lib/ stays without it.
  {
    target: './apps/web/src/entities',
    from: [`./${FEATURES}`, './apps/web/src/components', './apps/web/src/app'],
    message: 'entities/ hold the domain reads that features and components/ share; they import neither, nor app/.',
  },
  {
    target: './apps/web/src/lib',
    from: './apps/web/src/entities',
    message: 'lib/ holds no domain API: it imports no entity.',
  },
  { target: './packages/shared', from: './apps', message: 'The shared contract imports nothing from the apps.' },
  { target: './apps/server', from: './apps/web', message: 'The server does not import the web app.' },
  { target: './apps/web', from: './apps/server', message: 'The web app does not import the server.' },
];

const SERVER = 'apps/server/src';
/** The desk and edge modules: the trail floor (audit, events, notifications) imports none of them. */
const ABOVE_THE_TRAIL = readdirSync(new URL(`${SERVER}/modules`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['audit', 'events', 'notifications'].includes(entry.name))
  .map((entry) => `./${SERVER}/modules/${entry.name}`);

/** The server's floors (DESIGN.md §1): a lower floor never imports a higher one. */
const [infrastructureFloor, trailFloor] = [
  {
    target: [`./${SERVER}/plugins`, `./${SERVER}/lib`, `./${SERVER}/db`],
    from: `./${SERVER}/modules`,
    message: 'plugins/, lib/ and db/ import no module: app.ts hands them what they need.',
  },
  {
    target: ['audit', 'events', 'notifications'].map((trail) => `./${SERVER}/modules/${trail}`),
    from: ABOVE_THE_TRAIL,
    message: 'The trail (audit, events, notifications) imports no desk or edge module: the caller hands it in.',
  },
];
const serverFloors = [infrastructureFloor, trailFloor];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/server/drizzle/**',
      // Scripts for other systems (a Zabbix media type runs in Zabbix's own ES5 engine), shown in the docs.
      'docs/examples/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Imports name their `.ts`/`.tsx` file; the parser reads those files to follow cycles.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...serverFloors] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and handlers are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Tests read loosely typed replies (`reply.json()`) and assert on them.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    // A test of the trail drives the desk to make its entries: the floors bind the trail's source.
    files: ['apps/server/src/modules/{audit,events,notifications}/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...boundaries, infrastructureFloor] }] },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);
