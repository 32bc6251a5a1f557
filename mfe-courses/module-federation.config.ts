import { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { sharedDependencies } from '../shell/module-federation.shared.ts';
import pkg from './package.json' with { type: 'json' };

/**
 * In the portal (a production build) the remote uses the shell's copy of the module-federation runtime;
 * the standalone dev app (`npm run dev`) has no shell and bundles its own.
 */
export const inPortal = process.env.NODE_ENV === 'production';

/** The course-browsing slice: route-level pages only; the shell registers it at run time under the name `courses`. */
export default createModuleFederationConfig({
  name: 'courses',
  exposes: {
    './DashboardPage': './src/app/routes/dashboard.tsx',
    './CourseDetailsPage': './src/app/routes/course-details.tsx',
    './CategoriesPage': './src/app/routes/categories.tsx',
  },
  shared: sharedDependencies(pkg.dependencies),
  shareStrategy: 'loaded-first',
  dts: false,
  experiments: { externalRuntime: inPortal, optimization: { target: 'web' } },
});
