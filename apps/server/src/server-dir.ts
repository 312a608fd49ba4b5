import { fileURLToPath } from 'node:url';

/**
 * The server's workspace folder (apps/server/). Found from this module, which sits one level
 * under it (src/), as the compiled build does (dist/server.js, build.mjs): every file the
 * server reads at run time (migrations, legal texts, the apps' builds) hangs off it, so the
 * sources and the build find them alike.
 */
export const serverDir = fileURLToPath(new URL('../', import.meta.url));
