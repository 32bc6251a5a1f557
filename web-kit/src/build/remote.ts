import path from 'node:path';
import { type ModuleFederationOptions, pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { federationRuntimeAliases } from './federation-runtime.ts';
import { contractsAliases } from './module-federation-shared.ts';
import { pluginPrecompress } from './precompress.ts';

/**
 * In the portal (a production build) a remote uses the shell's copy of the module-federation runtime; the
 * standalone dev app (`npm run dev`) has no shell and bundles its own.
 */
export const inPortal = process.env.NODE_ENV === 'production';

/** Where a standalone dev server sends the API: the gateway of `npm start`. */
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

interface RemoteBuild {
  /** The remote's module-federation.config.ts. */
  federation: ModuleFederationOptions;
  /** The standalone dev server's port and page title. */
  port: number;
  title: string;
}

/** The Rsbuild config of a remote: the same for every slice but its federation options and its dev server. */
export function remoteRsbuildConfig({ federation, port, title }: RemoteBuild) {
  return defineConfig({
    plugins: [pluginReact(), pluginModuleFederation(federation), pluginPrecompress()],
    source: { entry: { index: './src/index.tsx' } },
    resolve: { alias: { ...federationRuntimeAliases(), ...contractsAliases() } },
    html: { template: path.resolve(import.meta.dirname, '../standalone/index.html'), title },
    // The standalone page is for development only: a production build is loaded by the shell.
    tools: { htmlPlugin: !inPortal },
    // Chunks load from wherever the manifest was fetched (/mfe/<name>/ behind the gateway), not from the host's origin.
    output: { assetPrefix: 'auto' },
    // Modules that several pages share get a file of their own only from 30 KB of code (before minifying) on: below
    // that, each page's file carries them, and its first load asks for one file fewer (decision 0036).
    performance: { chunkSplit: { strategy: 'split-by-experience', override: { minSize: 30_000 } } },
    server: {
      port,
      // Only the shell's dev server (port 3000) loads a slice from here; no other origin may.
      cors: { origin: 'http://localhost:3000' },
      proxy: { '/api': gateway, '/config.json': gateway },
    },
  });
}
