import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * The driver app ships on React 19 and react-dom 19 (docs/decisions/020): the build fails when
 * its output holds a module of Preact (an alias back to `preact/compat`, or a library that
 * brings its own), or lacks react-dom's client renderer of major version 19.
 */
export function rendererProblems(moduleIds: Iterable<string>, reactDomVersion: string): string[] {
  const ids = [...moduleIds].map((id) => id.replaceAll('\\', '/'));
  const problems: string[] = [];
  const preact = ids.filter((id) => /\/node_modules\/preact(\/|$)/.test(id));
  if (preact.length > 0) problems.push(`Preact is in the build: ${preact.slice(0, 3).join(', ')}`);
  if (
    !ids.some((id) => /\/node_modules\/react-dom\/cjs\/react-dom-client\.production\.js$/.test(id))
  ) {
    problems.push('react-dom (its client renderer, production build) is not in the build');
  }
  if (!/^19\./.test(reactDomVersion)) problems.push(`react-dom ${reactDomVersion} is not React 19`);
  return problems;
}

export function reactRendererCheck(): Plugin {
  return {
    name: 'evcharge:react-renderer',
    apply: 'build',
    generateBundle(_options, bundle) {
      const ids = Object.values(bundle).flatMap((chunk) =>
        chunk.type === 'chunk' ? chunk.moduleIds : [],
      );
      const { version } = createRequire(import.meta.url)('react-dom/package.json') as {
        version: string;
      };
      const problems = rendererProblems(ids, version);
      if (problems.length > 0) this.error(problems.join('; '));
    },
  };
}
