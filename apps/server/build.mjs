// The server's production build: src/server.ts and the workspace packages it imports
// (@evcharge/api, @evcharge/domain) compiled into one ES module, dist/server.js, started with
// plain node (no TypeScript compiler in the running process). npm packages stay imports of
// node_modules. dist/ sits beside src/, so the files the server reads at run time
// (src/server-dir.ts: drizzle/, src/brand/legal/) are found from either.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
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
