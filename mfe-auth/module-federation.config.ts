import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { sharedDependencies } from '../shell/module-federation.shared.ts';
import pkg from './package.json' with { type: 'json' };

/**
 * In the portal (a production build) the remote uses the shell's copy of the module-federation runtime;
 * the standalone dev app (`npm run dev`) has no shell and bundles its own.
 */
export const inPortal = process.env.NODE_ENV === 'production';

/** The auth slice: route-level pages only; the shell registers it at run time under the name `auth`. */
export default createModuleFederationConfig({
  name: 'auth',
  exposes: {
    './LoginPage': './src/app/routes/login.tsx',
    './RegisterPage': './src/app/routes/register.tsx',
    './RequestResetPage': './src/app/routes/request-reset.tsx',
    './ResetPasswordPage': './src/app/routes/reset-password.tsx',
  },
  shared: sharedDependencies(pkg.dependencies),
  shareStrategy: 'loaded-first',
  dts: false,
  experiments: { externalRuntime: inPortal, optimization: { target: 'web' } },
});
