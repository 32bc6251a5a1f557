import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { federationRuntimeAliases } from '@portal/web-kit/build/federation-runtime';
import { pluginPrecompress } from '@portal/web-kit/build/precompress';
import { pluginReact } from '@rsbuild/plugin-react';
import moduleFederationConfig from './module-federation.config.ts';

/** Where `rsbuild dev` sends the API, /config.json and the built remotes: the gateway of `npm start`. */
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(moduleFederationConfig), pluginPrecompress()],
  source: { entry: { index: './src/index.tsx' } },
  resolve: { alias: federationRuntimeAliases() },
  html: { template: './src/index.html' },
  output: { assetPrefix: '/' },
  // Every page needs React and the contracts the browser uses: one file each instead of one per shared module
  // (each file costs its headers, and contracts modules imported by several shared modules were copied into each).
  splitChunks: {
    cacheGroups: {
      libReact: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, name: 'lib-react', enforce: true },
      contracts: { test: /[\\/]contracts[\\/]src[\\/](?!api-routes|openapi)/, name: 'contracts', enforce: true },
    },
  },
  server: {
    port: 3000,
    proxy: { '/api': gateway, '/config.json': gateway, '/mfe': gateway },
  },
});
