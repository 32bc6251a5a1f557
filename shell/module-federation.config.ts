import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { sharedDependencies } from '@portal/web-kit/build/module-federation-shared';
import pkg from './package.json' with { type: 'json' };

/** The host. Its remotes are not listed here: the shell reads their manifest URLs from /config.json at run time. */
export default createModuleFederationConfig({
  name: 'shell',
  remotes: {},
  shared: sharedDependencies(pkg.dependencies),
  shareStrategy: 'loaded-first',
  dts: false,
  experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
});
