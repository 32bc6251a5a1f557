import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { sharedDependencies } from '@portal/web-kit/build/module-federation-shared';
import { inPortal } from '@portal/web-kit/build/remote';
import pkg from './package.json' with { type: 'json' };

/** The administration slice: every /admin page it owns; the shell registers it at run time under the name `admin`. */
export default createModuleFederationConfig({
  name: 'admin',
  // The route-level pages: the package's exports, so that a test imports them by name as the shell loads them.
  exposes: pkg.exports,
  shared: sharedDependencies(pkg.dependencies),
  shareStrategy: 'loaded-first',
  dts: false,
  // A slice loads no remotes of its own: its runtime leaves out the code that would.
  experiments: { externalRuntime: inPortal, optimization: { target: 'web', disableRemote: true } },
});
