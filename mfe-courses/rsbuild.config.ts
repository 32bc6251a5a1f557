import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginPrecompress } from '@portal/web-kit/build/precompress';
import { pluginReact } from '@rsbuild/plugin-react';
import moduleFederationConfig, { inPortal } from './module-federation.config.ts';

/** Where the standalone dev server (`npm run dev -w mfe-courses`) sends the API: the gateway of `npm start`. */
const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(moduleFederationConfig), pluginPrecompress()],
  source: { entry: { index: './src/index.tsx' } },
  html: { template: './src/index.html' },
  // The standalone page is for development only: a production build is loaded by the shell.
  tools: { htmlPlugin: !inPortal },
  // Chunks load from wherever the manifest was fetched (/mfe/courses/ behind the gateway), not from the host's origin.
  output: { assetPrefix: 'auto' },
  server: {
    port: 3002,
    proxy: { '/api': gateway, '/config.json': gateway },
  },
});
