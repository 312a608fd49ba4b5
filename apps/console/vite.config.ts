import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The staff console (DESIGN.md apps/console): served by the API server at /admin/, outside the
// driver app and its service worker (SPEC §6 administrator interface).
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
const proxy = Object.fromEntries(
  ['/api', '/auth'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
);

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: { port: 5174, proxy },
  preview: { port: 4174, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Staff machines, not the drivers' phones: no size budget, but no source maps to ship.
    sourcemap: false,
  },
});
