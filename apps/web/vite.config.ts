import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaWorkbox } from './pwa.config.ts';
import packageJson from './package.json' with { type: 'json' };
import { mapHomeShellHtml, splashShellHtml } from './src/app/boot-shell.ts';
import { clientContractsPlugin } from './client-contracts.ts';
import { reactRendererCheck } from './react-renderer.ts';

// The API server runs on :8080 and serves dist/ on the same origin in production.
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
const proxy = Object.fromEntries(
  ['/api', '/auth', '/dev', '/manifest.webmanifest'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
);

/**
 * The map home's first screen is not memoised by React Compiler: it renders once and again
 * only on a change of language or view, and the compiler's caching code would count against
 * the first load's budget (2.8 kB gzip of 150.7, bench/RESULTS.md). Every other module is.
 */
const firstScreenModules = [
  'app/',
  'components/brand-mark.tsx',
  'components/language-select.tsx',
  'components/ui/alert.tsx',
  'components/ui/button.tsx',
  'components/ui/dialog.tsx',
  'components/ui/icon.tsx',
  'components/ui/spinner.tsx',
  'features/map/components/filter-chips.tsx',
  'features/map/components/map-home-page.tsx',
  'features/map/components/map-toolbar.tsx',
  'features/map/model/use-geolocation.ts',
  'lib/brand.ts',
  'lib/media-query.ts',
].map((path) => fileURLToPath(new URL(`./src/${path}`, import.meta.url)));
const isMemoised = (file: string) => !firstScreenModules.some((path) => file.startsWith(path));

/** Chunks that a lazy import preloads: not zod's, see `build.modulePreload` below. */
const isPreloaded = (file: string) => !/\/schemas-[\w-]+\.js$/.test(`/${file}`);

/**
 * The static shells (src/app/boot-shell.ts): the map home's goes into index.html, and the build
 * writes app.html, the same page with a neutral shell, which the server and the service worker
 * answer every other screen's path with. The first paint needs no script (Lighthouse).
 *
 * The entry (main.tsx) loads the app (start.tsx) once the shell has painted, so the page's
 * first bytes go to the shell. The shell is drawn with the app's own classes: both pages link
 * the app's stylesheets, as they would for a static import.
 */
function bootShells(): Plugin {
  const marker = '<!--boot-shell-->';
  const mapHome = mapHomeShellHtml();
  let base = '/';
  return {
    name: 'evcharge:boot-shells',
    configResolved: (config) => void (base = config.base),
    transformIndexHtml: { order: 'pre', handler: (html) => html.replace(marker, mapHome) },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || !String(index.source).includes(mapHome)) {
          throw new Error('index.html with the map home shell is missing from the bundle');
        }
        const app = Object.values(bundle).find(
          (chunk) => chunk.type === 'chunk' && chunk.facadeModuleId?.endsWith('/src/app/start.tsx'),
        );
        if (!app) throw new Error('the app chunk (src/app/start.tsx) is missing from the bundle');
        const styles = new Set<string>();
        const seen = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (seen.has(file) || chunk?.type !== 'chunk') return;
          seen.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        let html = String(index.source);
        const links = [...styles]
          .filter((file) => !html.includes(`"${base}${file}"`))
          .map((file) => `  <link rel="stylesheet" crossorigin href="${base}${file}">\n`);
        html = html.replace('</head>', `${links.join('')}  </head>`);
        index.source = html;
        this.emitFile({ type: 'asset', fileName: 'app.html', source: html.replace(mapHome, splashShellHtml()) });
      },
    },
  };
}

export default defineConfig({
  base: '/',
  // The about screen shows which version a driver runs (support asks for it).
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(packageJson.version) },
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
    // One copy of React for the app and every library that imports it.
    dedupe: ['react', 'react-dom'],
  },
  plugins: [
    bootShells(),
    clientContractsPlugin(),
    reactRendererCheck(),
    // JSX, and React's fast refresh in development.
    react(),
    // plugin-react 6 dropped its `babel` option; React Compiler runs through @rolldown/plugin-babel.
    babel({ presets: [reactCompilerPreset({ sources: isMemoised })] }),
    VitePWA({
      // Registered from main.tsx: the server's CSP allows no inline script.
      injectRegister: false,
      registerType: 'autoUpdate',
      strategies: 'generateSW',
      // Served by the server for the host's brand (pwa.config.ts).
      manifest: false,
      workbox: pwaWorkbox,
    }),
  ],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    target: 'es2022',
    sourcemap: true,
    modulePreload: {
      // Every browser the app supports preloads modules itself (`<link rel="modulepreload">`).
      polyfill: false,
      // The preload list of a lazy route names zod's chunk even where only a later, lazily
      // loaded part needs it (the map's data, the brand). Dropping it from preloads changes
      // no behaviour: a module that imports zod still loads it, just not ahead of the first
      // screen (the first-load budget of the map home, bench/RESULTS.md).
      resolveDependencies: (_file, deps) => deps.filter(isPreloaded),
    },
  },
});
