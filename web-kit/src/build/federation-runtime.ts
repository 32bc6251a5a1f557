import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The package's ES module build: the same directory as the CommonJS one, `.js` for `.cjs`. */
const esmOf = (cjsFile: string): string => path.join(path.dirname(cjsFile), `${path.basename(cjsFile, '.cjs')}.js`);

/**
 * Rspack's module-federation plugin finds the federation runtime with Node's `require.resolve`, so every app
 * bundled its CommonJS build: nothing of it tree-shaken, the `experiments.optimization` switches dropping no
 * module, and helpers copied in each file that needs them. These aliases (ours win over the plugin's) point the
 * same packages at their ES module builds.
 */
export function federationRuntimeAliases(): Record<string, string> {
  const runtimeTools = require.resolve('@module-federation/runtime-tools');
  const bundlerRuntime = require.resolve('@module-federation/webpack-bundler-runtime', { paths: [runtimeTools] });
  const runtime = require.resolve('@module-federation/runtime', { paths: [runtimeTools] });
  // The shell's runtime plugin that hands its runtime to the remotes (`provideExternalRuntime`).
  const injectRuntimeCore = require.resolve('@module-federation/inject-external-runtime-core-plugin');
  return {
    [`${bundlerRuntime}$`]: esmOf(bundlerRuntime),
    [`${injectRuntimeCore}$`]: esmOf(injectRuntimeCore),
    '@module-federation/runtime': esmOf(runtime),
  };
}
