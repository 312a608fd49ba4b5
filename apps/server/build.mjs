// The server's production build: src/server.ts and the workspace packages it imports
// (@evcharge/api, @evcharge/domain) compiled into one ES module, dist/server.js, started with
// plain node (no TypeScript compiler in the running process). npm packages stay imports of
// node_modules. dist/ sits beside src/, so the files the server reads at run time
// (src/server-dir.ts: drizzle/, src/brand/legal/) are found from either.
// `node build.mjs ENTRY OUTFILE` builds another entry the same way (bench/start-server.ts: the
// benchmarks' servers, as production runs them).
import process from 'node:process';
import { build } from 'esbuild';

const [entry = 'src/server.ts', outfile = 'dist/server.js'] = process.argv.slice(2);

await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(builder) {
        // Bare imports other than the workspace's own packages load from node_modules.
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@evcharge/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
