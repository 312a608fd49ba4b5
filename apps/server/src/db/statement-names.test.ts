import { describe, expect, it } from 'vitest';
import { StatementNames } from './client';

describe('StatementNames', () => {
  it('names a text from its third run on, always with the same name', () => {
    const names = new StatementNames(3, 10);
    expect(names.nameFor('select $1')).toBeUndefined();
    expect(names.nameFor('select $1')).toBeUndefined();
    const name = names.nameFor('select $1');
    expect(name).toMatch(/^s[\w-]{20}$/);
    expect(names.nameFor('select $1')).toBe(name);
    expect(names.nameFor('select $2')).toBeUndefined();
  });

  it('gives different texts different names', () => {
    const names = new StatementNames(1, 10);
    expect(names.nameFor('select $1')).not.toBe(names.nameFor('select $1::int'));
  });

  it('names no more than its cap: texts that change with their values stay unnamed', () => {
    const names = new StatementNames(1, 2);
    const lists = [1, 2, 3, 4].map((n) =>
      names.nameFor(`select * from t where id in (${Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ')})`),
    );
    expect(lists.filter(Boolean)).toHaveLength(2);
    expect(names.size).toBe(2);
  });

  it('forgets the texts it counted when too many were seen once', () => {
    const names = new StatementNames(2, 10, 3);
    for (const n of [1, 2, 3]) names.nameFor(`select ${n}, $1`);
    names.nameFor('select 4, $1'); // the fourth: the counts start again
    expect(names.nameFor('select 1, $1')).toBeUndefined();
    expect(names.nameFor('select 1, $1')).toMatch(/^s/);
  });
});
