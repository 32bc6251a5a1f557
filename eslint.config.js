import { existsSync, readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const foldersIn = (folder) =>
  existsSync(`${root}/${folder}`)
    ? readdirSync(`${root}/${folder}`, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

const SLICES = ['shell', ...foldersIn('.').filter((name) => name.startsWith('mfe-'))];
const SERVICES = foldersIn('services');
/** A slice's exposed modules (its package exports): what another slice's tests may load, as the shell does. */
const exposedBy = (slice) =>
  Object.values(JSON.parse(readFileSync(`${root}/${slice}/package.json`, 'utf8')).exports ?? {}).map((file) =>
    file.replace(/^\.\/src\//, './'),
  );

/** The one-way flow of the code, checked on every resolved import (`import-x/no-restricted-paths`). */
const boundaries = ({ exposedAllowed }) => [
  ...SLICES.flatMap((slice) =>
    SLICES.filter((other) => other !== slice).map((other) => ({
      target: `${slice}/src`,
      from: `${other}/src`,
      except: exposedAllowed ? exposedBy(other) : [],
      message: 'A slice reaches another only through module federation, never through its src.',
    })),
  ),
  {
    target: 'web-kit/src',
    from: SLICES.map((slice) => `${slice}/src`),
    message: 'web-kit is shared by every slice: it imports none of them.',
  },
  ...SLICES.flatMap((slice) =>
    foldersIn(`${slice}/src/features`).map((feature) => ({
      target: `${slice}/src/features/${feature}`,
      from: `${slice}/src/features`,
      except: [`./${feature}`],
      message: 'Features do not import each other: compose them in app/, share through components/ or lib/.',
    })),
  ),
  ...SLICES.flatMap((slice) => [
    {
      target: `${slice}/src/features`,
      from: `${slice}/src/app`,
      message: 'The flow is app → features → components, lib, config: a feature never imports app/.',
    },
    {
      target: ['components', 'config', 'hooks', 'lib', 'types', 'utils'].map((shared) => `${slice}/src/${shared}`),
      from: [`${slice}/src/app`, `${slice}/src/features`],
      message: 'The flow is app → features → components, lib, config: shared code never imports features/ or app/.',
    },
  ]),
  ...SERVICES.map((service) => ({
    target: `services/${service}`,
    from: SERVICES.filter((other) => other !== service && other !== 'kit').map((other) => `services/${other}/src`),
    message: 'A service calls another over HTTP (kit/service-client) or by events, never through its src.',
  })).filter((zone) => zone.from.length > 0),
  {
    target: 'services/*/src/domain/**',
    from: 'services/*/src/entry-points/**',
    message: 'The layers are entry-points → domain → data-access: the domain never imports an entry point.',
  },
  {
    target: 'services/*/src/data-access/**',
    from: ['services/*/src/entry-points/**', 'services/*/src/domain/**'],
    message: 'The layers are entry-points → domain → data-access: data access never imports the layers above it.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '.redeploy-*/**',
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'artifacts/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', '*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries({ exposedAllowed: false }) }],
    },
  },
  {
    // A cycle makes the order modules start in matter: the shared part belongs in a module both import.
    files: ['gateway/**/*.ts', 'services/**/*.ts'],
    // The modules it follows are TypeScript: read them with the TypeScript parser.
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // A test may render another slice's exposed page, as the shell loads it at run time.
    files: [`{${SLICES.join(',')}}/src/**/*.test.{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries({ exposedAllowed: true }) }],
    },
  },
  {
    // The contracts run in every page and every service: plain TypeScript, no React, no Node APIs.
    files: ['contracts/**/*.ts'],
    ignores: ['contracts/**/*.test.ts'],
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react|react-dom|react-router|react-router-dom|react-i18next|@testing-library/react)(/.*)?$',
              message: 'The contracts are shared by browser and server: no React here.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['{web-kit,shell,mfe-*}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The shared router is `react-router-dom` (web-kit/src/router.ts): `react-router` would bundle a copy.
      // So are the toasts `react-toastify` (web-kit/src/toast.ts): its other entry points would too.
      // `react-i18next` is shared as web-kit/src/react-i18next.ts: only what it lists reaches another app.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router', message: "Import the router from 'react-router-dom'." },
            { name: 'react-toastify/unstyled', message: "Import the toasts from 'react-toastify'." },
            {
              name: 'react-i18next',
              allowImportNames: ['initReactI18next', 'useTranslation'],
              message: 'Add it to web-kit/src/react-i18next.ts, the shared react-i18next, first.',
            },
          ],
          patterns: [
            {
              group: ['**/navigation-guard*'],
              message: "Import the navigation guard from 'react-router-dom': its state must be the shared one.",
            },
          ],
        },
      ],
    },
  },
  {
    // Server state is TanStack Query's and forms are react-hook-form's (issue 43): the hand-written ways do not return.
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='fetch']",
          message: 'Declare the call in contracts and call it through the API client inside a query or mutation.',
        },
        {
          selector: "CallExpression[callee.name='useEffect'] CallExpression[callee.object.name='api']",
          message: 'Load data with useQuery (web-kit/queries), not an effect that calls the API.',
        },
        {
          selector: 'ImportDeclaration[source.value=/\\/(use-form-fields|use-names-form|assignment-draft)\\.ts$/]',
          message: "Keep a form in react-hook-form with the zod resolver on the contracts' schema.",
        },
      ],
    },
  },
  {
    // /config.json is the runtime configuration the gateway serves, not an API call of the contracts.
    files: [
      'mfe-auth/src/features/login/api/get-sso-offer.ts',
      'mfe-auth/src/lib/use-portal-setting.ts',
      'mfe-editor/src/features/course-form/api/get-upload-limit.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The sign-in slice carries neither TanStack Query nor react-hook-form, which would weigh on /login's budget: its
    // forms keep their small field state and the reset page checks its link in an effect.
    files: [
      'mfe-auth/src/app/routes/reset-password.tsx',
      'mfe-auth/src/features/{login,register,password-reset,account}/components/*.tsx',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: [
      'web-kit/src/router.ts',
      'web-kit/src/navigation-guard.tsx',
      'web-kit/src/toast.ts',
      'web-kit/src/toast-library.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tests read loosely typed JSON answers and know what they set up.
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/testing/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
