import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { federationRuntimeAliases } from '@portal/web-kit/build/federation-runtime';
import { contractsAliases } from '@portal/web-kit/build/module-federation-shared';
import { pluginPrecompress } from '@portal/web-kit/build/precompress';
import { pluginReact } from '@rsbuild/plugin-react';
import moduleFederationConfig from './module-federation.config.ts';

/** Where `rsbuild dev` sends the API, /config.json and the built remotes: the gateway of `npm start`. */
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(moduleFederationConfig), pluginPrecompress()],
  source: { entry: { index: './src/index.tsx' } },
  resolve: { alias: { ...federationRuntimeAliases(), ...contractsAliases() } },
  html: { template: './src/index.html' },
  output: { assetPrefix: '/' },
  // The files every page needs first (the shared libraries, the bootstrap with the app's frame; named in index.tsx)
  // are loaded by the entry script, a round trip after the entry itself: the page asks for them at once instead.
  performance: {
    preload: { type: 'async-chunks', include: [/static\/(js|css)\/async\/(lib|boot)\.[0-9a-f]+\.(js|css)$/] },
  },
  // What every page needs before it is drawn, the shared libraries and the contracts the browser uses: one file
  // instead of one per shared module (each file costs its headers, about half a KiB, and compresses on its own;
  // contracts modules imported by several shared modules were copied into each). Not zod's JSON Schema code: only
  // the OpenAPI document, on the server, uses it. The entry keeps what it imports (the language detector): split
  // off, it would be one more file to ask for before anything runs.
  splitChunks: {
    chunks: 'async',
    cacheGroups: {
      firstLoad: {
        test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next)[\\/]|[\\/]node_modules[\\/]zod[\\/](?!.*json-schema)|[\\/]web-kit[\\/]src[\\/](router|navigation-guard|react-i18next|toast)\.tsx?$|[\\/]contracts[\\/]src[\\/](?!api-routes|openapi)/,
        name: 'lib',
        enforce: true,
      },
    },
  },
  server: {
    port: 3000,
    proxy: { '/api': gateway, '/config.json': gateway, '/mfe': gateway },
  },
});
