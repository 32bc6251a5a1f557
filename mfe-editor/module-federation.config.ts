import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { sharedDependencies } from '../shell/module-federation.shared.ts';
import pkg from './package.json' with { type: 'json' };

/**
 * In the portal (a production build) the remote uses the shell's copy of the module-federation runtime;
 * the standalone dev app (`npm run dev`) has no shell and bundles its own.
 */
export const inPortal = process.env.NODE_ENV === 'production';

/**
 * The course-authoring slice: the create/edit form with the TipTap editor and the file area. TipTap is not
 * shared: it is bundled here only, so the login page and the dashboard never load it.
 */
export default createModuleFederationConfig({
  name: 'editor',
  exposes: {
    './CourseFormPage': './src/app/routes/course-form.tsx',
  },
  shared: sharedDependencies(pkg.dependencies),
  shareStrategy: 'loaded-first',
  dts: false,
  experiments: { externalRuntime: inPortal, optimization: { target: 'web' } },
});
