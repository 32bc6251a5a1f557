/**
 * The contracts the pages use, as one module: the apps share it as one module-federation module
 * (`@portal/contracts`) instead of one per file, which is what the runtime registers and resolves as every app
 * starts. The apps still import each file by its name (`@portal/contracts/auth`); their builds resolve those
 * names to this module (web-kit/src/build/module-federation-shared.ts). Not the server's files (the route table,
 * the OpenAPI document, the events), nor the page registry (`pages.ts`), which the shell's entry script reads
 * before any shared module is there: each app bundles that small file itself.
 */
export * from './api-calls.ts';
export * from './api-client.ts';
export * from './auth.ts';
export * from './courses.ts';
export * from './errors.ts';
export * from './http.ts';
export * from './languages.ts';
export * from './password-strength.ts';
export * from './portal-config.ts';
export * from './rich-text.ts';
export * from './rules.ts';
