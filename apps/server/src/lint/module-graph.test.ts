import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the repository's scripts, without types.
import { findCycle, moduleGraph } from '../../../../scripts/module-graph.mjs';

// DESIGN.md: inside the server, modules form a DAG (docs/architecture.md draws it).
const serverSrc = fileURLToPath(new URL('..', import.meta.url));

describe('the server modules', () => {
  it('form a DAG', () => {
    expect(findCycle(moduleGraph(serverSrc))).toBeNull();
  });

  it('are all read, with what they import', () => {
    const graph: Map<string, string[]> = moduleGraph(serverSrc);
    expect([...graph.keys()]).toEqual(expect.arrayContaining(['sessions', 'payments', 'stations', 'ledger']));
    expect(graph.get('sessions')).toContain('payments');
  });

  it('finds a cycle where there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', []],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });
});
