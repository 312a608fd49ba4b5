import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest, pwaWorkbox } from './pwa.config.ts';

// The API server runs on :8080 and serves dist/ on the same origin in production.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
const proxy = Object.fromEntries(
  ['/api', '/auth', '/dev'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
);

export default defineConfig({
  base: '/',
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
  build: { target: 'es2022', sourcemap: true },
});
