// The server's module graph, read from the imports: which module of apps/server/src/modules
// uses which (tests left out), and the transport and shared folders beside them.
// `node scripts/module-graph.mjs` prints it as a Mermaid graph (docs/architecture.md);
// apps/server/src/lint/module-graph.test.ts fails when the modules stop forming a DAG.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const importPattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Module name -> the sorted names of the modules it imports. */
export function moduleGraph(serverSrc) {
  const modulesDir = join(serverSrc, 'modules');
  const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  const graph = new Map(modules.map((name) => [name, new Set()]));
  for (const name of modules) {
    for (const file of sourceFiles(join(modulesDir, name))) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(importPattern)) {
        const used = /^\.\.\/([a-z-]+)(?:\/|$)/.exec(specifier)?.[1];
        if (used && used !== name && graph.has(used)) graph.get(name).add(used);
      }
    }
  }
  return new Map([...graph].map(([name, uses]) => [name, [...uses].sort()]));
}

/** A cycle of modules as a list of names (first = last), or null when the graph is a DAG. */
export function findCycle(graph) {
  const state = new Map();
  const path = [];
  const visit = (name) => {
    state.set(name, 'open');
    path.push(name);
    for (const next of graph.get(name) ?? []) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(name, 'done');
    return null;
  };
  for (const name of graph.keys()) {
    if (!state.has(name)) {
      const cycle = visit(name);
      if (cycle) return cycle;
    }
  }
  return null;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const graph = moduleGraph(join(import.meta.dirname, '..', 'apps', 'server', 'src'));
  const lines = ['graph TD'];
  for (const [name, uses] of graph) {
    if (uses.length === 0) lines.push(`  ${name}`);
    for (const used of uses) lines.push(`  ${name} --> ${used}`);
  }
  console.log(lines.join('\n'));
  const cycle = findCycle(graph);
  if (cycle) {
    console.error(`modules import each other: ${cycle.join(' -> ')}`);
    process.exit(1);
  }
}
