import fc from 'fast-check';

// Hostile values and the ways a valid-looking request is bent into a hostile one: wrong types,
// missing and extra fields, huge and empty strings, NUL, lone surrogates, negative and huge
// numbers, NaN-ish strings, deep nesting, arrays for objects (OWASP ASVS 5.1).

const nastyText = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e999',
  '-1e999',
  '1.5',
  '0x1F',
  '99999999999999999999999',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  '../../etc/passwd',
  '%00',
  '%',
  "' or '1'='1",
  '<script>alert(1)</script>',
  '\u202Eevil',
  'e\u0301\u0301\u0301',
  '🚗🔌',
  '\t\r\n',
];

const nastyNumbers = [
  -1,
  0,
  -0,
  1.5,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER * 4,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  5e-324,
];

/** Text a URL can carry (a lone surrogate goes as the percent escapes of its bytes). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyText) },
  { weight: 1, arbitrary: fc.constantFrom(...nastyNumbers).map(String) },
  { weight: 1, arbitrary: fc.nat({ max: 3 }).map((n) => 'x'.repeat([300, 2_000, 5_000, 8_000][n]!)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

/** The deepest nesting a hostile body carries (JSON.stringify recurses). */
const DEEP = 3_000;

function nested(depth: number, asObject: boolean): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = asObject ? { a: value } : [value];
  return value;
}

/** Any JSON value a body may carry in place of the right one. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...nastyNumbers) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [[]], [{}]) },
  { weight: 1, arbitrary: fc.constantFrom(200_000, 900_000).map((n) => 'y'.repeat(n)) },
  { weight: 1, arbitrary: fc.boolean().map((asObject) => nested(DEEP, asObject)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Keys that should never be taken: prototype keys, NUL, lone surrogates, dotted and empty. */
export const hostileKey: fc.Arbitrary<string> = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  '',
  'x\u0000',
  '\uD800',
  'a.b',
  '$where',
  'extra',
  'id',
  'userId',
  'balanceMinor',
);

type Path = (string | number)[];

const isContainer = (value: unknown): value is Record<string | number, unknown> =>
  value !== null && typeof value === 'object';

/** Every place in a value: the root, each object field and each array item. */
export function pathsOf(value: unknown, path: Path = [], into: Path[] = []): Path[] {
  into.push(path);
  if (isContainer(value) && into.length < 200) {
    for (const [key, item] of Object.entries(value)) {
      pathsOf(item, [...path, Array.isArray(value) ? Number(key) : key], into);
    }
  }
  return into;
}

/** What `spike` puts into a string: characters no text may hold, and more. */
const spikes = ['\u0000', '\uD800', '\uDC00', '\uDBFF\uDBFF', '\u202E', '\u0301', '%00', "'", '"', '\\'];

export type Mutation =
  | { kind: 'spike'; at: number; spike: string; position: number }
  | { kind: 'numeric'; at: number; value: number }
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'remove'; at: number }
  | { kind: 'add'; at: number; key: string; value: unknown }
  | { kind: 'wrap'; at: number };

/**
 * One bend of a value: `at` picks a place among `pathsOf` (modulo their number). A URL part
 * (`asText`) gets no spike longer than a URL may be.
 */
export function mutationArb(values: fc.Arbitrary<unknown>, asText: boolean): fc.Arbitrary<Mutation> {
  const at = fc.nat({ max: 1_000 });
  const spike = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...spikes) },
    { weight: 1, arbitrary: fc.constantFrom(300, asText ? 3_000 : 70_000).map((n) => 'z'.repeat(n)) },
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ kind: fc.constant('spike' as const), at, spike, position: fc.nat() }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('numeric' as const),
        at,
        value: fc.constantFrom(...nastyNumbers),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('replace' as const), at, value: values }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), at }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('add' as const), at, key: hostileKey, value: values }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('wrap' as const), at }) },
  );
}

const REMOVED = Symbol('removed');

const valueAt = (root: unknown, path: Path): unknown =>
  path.reduce<unknown>((at, key) => (isContainer(at) ? at[key] : undefined), root);

/** A shallow copy of a container, so a change along a path leaves the input as it was. */
const copyOf = (value: Record<string | number, unknown>) =>
  (Array.isArray(value) ? [...value] : { ...value }) as Record<string | number, unknown>;

/** The value with `change` done to what is at `path`; containers on the way are copied. */
function changeAt(value: unknown, path: Path, change: (current: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  if (!isContainer(value)) return value;
  const [key, ...rest] = path as [string | number, ...Path];
  const copy = copyOf(value);
  const next = changeAt(copy[key], rest, change);
  if (next === REMOVED) {
    if (Array.isArray(copy)) copy.splice(Number(key), 1);
    else delete copy[key];
  } else {
    copy[key] = next;
  }
  return copy;
}

/** The value with the mutation applied (the input is left as it was). */
export function applyMutation(input: unknown, mutation: Mutation): unknown {
  const all = pathsOf(input);
  // A spike goes into a string, a nasty number in place of a number, when the value has one.
  const wanted = mutation.kind === 'spike' ? 'string' : mutation.kind === 'numeric' ? 'number' : '';
  const typed = all.filter((path) => typeof valueAt(input, path) === wanted);
  const paths = typed.length > 0 ? typed : all;
  const path = paths[mutation.at % paths.length]!;
  const result = changeAt(input, path, (current) => {
    switch (mutation.kind) {
      case 'spike': {
        const text = typeof current === 'string' ? current : String(current ?? '');
        const cut = mutation.position % (text.length + 1);
        return `${text.slice(0, cut)}${mutation.spike}${text.slice(cut)}`;
      }
      case 'numeric':
        return typeof current === 'string' ? String(mutation.value) : mutation.value;
      case 'replace':
        return mutation.value;
      case 'wrap':
        return [current];
      case 'remove':
        return REMOVED;
      case 'add': {
        const target = isContainer(current) && !Array.isArray(current) ? { ...current } : {};
        // defineProperty: a `__proto__` key becomes a field of its own, as JSON would carry it.
        Object.defineProperty(target, mutation.key, {
          value: mutation.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        return target;
      }
    }
  });
  return result === REMOVED ? undefined : result;
}
