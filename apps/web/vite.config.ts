import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest, pwaWorkbox } from './pwa.config.ts';
import packageJson from './package.json' with { type: 'json' };

// The API server runs on :8080 and serves dist/ on the same origin in production.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
const proxy = Object.fromEntries(
  ['/api', '/auth', '/dev'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
);

export default defineConfig({
  base: '/',
  // The about screen shows which version a driver runs (support asks for it).
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(packageJson.version) },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    react(),
    // plugin-react 6 dropped its `babel` option; React Compiler runs through @rolldown/plugin-babel.
    babel({ presets: [reactCompilerPreset()] }),
    VitePWA({
      // Registered from main.tsx: the server's CSP allows no inline script.
      injectRegister: false,
      registerType: 'autoUpdate',
      strategies: 'generateSW',
      manifest: pwaManifest,
      workbox: pwaWorkbox,
      includeAssets: ['icon.svg'],
    }),
  ],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    target: 'es2022',
    sourcemap: true,
    modulePreload: {
      // The preload list of a lazy route names zod's chunk even where only a later, lazily
      // loaded part needs it (the map's data, the brand). Dropping it from preloads changes
      // no behaviour: a module that imports zod still loads it, just not ahead of the first
      // screen (issue 3: first-load JS of the map home under 150 kB gzip).
      resolveDependencies: (_file, deps) => deps.filter((dep) => !/\/schemas-[\w-]+\.js$/.test(dep)),
    },
    rolldownOptions: {
      // Building a zod schema has no side effect, so an unused one may go. Domain modules define
      // schemas beside plain constants (socket types, statuses); without this, importing a
      // constant drags zod (~26 kB gzip) into the map's first load.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
