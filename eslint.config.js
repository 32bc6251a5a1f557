import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
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
