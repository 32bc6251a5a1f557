import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import pkg from './package.json' with { type: 'json' };
import { sharedDependencies } from './module-federation.shared.ts';

/** The host. Its remotes are not listed here: the shell reads their manifest URLs from /config.json at run time. */
export default createModuleFederationConfig({
  name: 'shell',
  remotes: {},
  shared: sharedDependencies(pkg.dependencies),
  shareStrategy: 'loaded-first',
  dts: false,
  experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
});
