/** Jest runs the TypeScript sources as native ES modules, transformed by SWC (no type check: `npm run typecheck` does that). */
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      transform: tsx ? { react: { runtime: 'automatic' } } : undefined,
      target: 'es2023',
      // Keep `with { type: 'json' }` on imports (locale files) instead of rewriting it to the deprecated `assert`.
      experimental: { keepImportAttributes: true, emitAssertForImportAttributes: false },
    },
    module: { type: 'es6' },
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    '\\.module\\.css$': '<rootDir>/jest/css-module.cjs',
    '\\.css$': '<rootDir>/jest/css.cjs',
    // The apps' `react-router-dom` is the shared one, as in the build: React Router with the navigation guard.
    '^react-router-dom$': '<rootDir>/web-kit/src/router.ts',
    // Likewise `react-i18next` is web-kit's shared binding of it.
    '^react-i18next$': '<rootDir>/web-kit/src/react-i18next.ts',
    // And `react-toastify` is web-kit's toasts, React-Toastify loaded on demand with the page's own toasts.
    '^react-toastify$': '<rootDir>/web-kit/src/toast.ts',
  },
};

export default {
  // Suites start real services; the harness fails a start that takes over 75 s with its cause, before this.
  testTimeout: 90_000,
  // Two cores: a worker each (a suite waits on its services' I/O and argon2 threads as much as it computes).
  maxWorkers: 2,
  // A worker that held PGlite heaps takes seconds to exit under load; one kept open by a leak is still reported.
  workerGracefulExitTimeout: 10_000,
  globalSetup: '<rootDir>/jest/global-setup.mjs',
  projects: [
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{contracts,services,gateway,scripts,deploy}/**/*.test.ts'],
      transform: { '^.+\\.ts$': swc(false) },
    },
    {
      ...common,
      displayName: 'browser',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/{web-kit,shell,mfe-auth,mfe-courses,mfe-editor,mfe-admin}/**/*.test.{ts,tsx}'],
      transform: { '^.+\\.tsx?$': swc(true) },
      setupFilesAfterEnv: ['<rootDir>/jest/setup-dom.ts'],
    },
  ],
};
