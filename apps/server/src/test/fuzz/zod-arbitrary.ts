import fc from 'fast-check';
import type { z } from 'zod';

// Valid-looking values for a zod 4 schema, read from its definition (`schema._zod.def`):
// the right types, lengths, ranges, formats and enum values, so a request gets past the
// schema often enough to reach the code behind it. Refinements are not solved; the fuzz test
// mutates these values into hostile ones. A schema kind this file does not know throws, so
// a new kind of contract field is never skipped silently.

type Def = Record<string, unknown> & { type: string; checks?: { _zod: { def: CheckDef } }[] };
type CheckDef = Record<string, unknown> & { check: string };

export type ArbitraryOptions = {
  /** Values of a URL (path parameters, query): every leaf becomes text. */
  asText: boolean;
  /** Known ids to draw a uuid from now and then: real stations, cars, cards of the test. */
  ids: readonly string[];
};

const defOf = (schema: z.core.$ZodType): Def => schema._zod.def as unknown as Def;
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((check) => check._zod.def);

/** The string of a leaf value in a URL. */
const text = (value: unknown): string => (typeof value === 'string' ? value : String(value));

function stringArbitrary(def: Def, options: ArbitraryOptions): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const format = (def.format as string | undefined) ??
    (checks.find((c) => c.check === 'string_format')?.format as string | undefined);
  if (format === 'uuid' || format === 'guid') {
    const random = fc.uuid({ version: [4, 7] });
    return options.ids.length > 0 ? fc.oneof(fc.constantFrom(...options.ids), random) : random;
  }
  if (format === 'email') return fc.emailAddress({ size: 'small' });
  if (format === 'datetime') {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  const pattern = (def.pattern ?? checks.find((c) => c.pattern)?.pattern) as RegExp | undefined;
  if (pattern) return fc.stringMatching(pattern, { size: 'small' });
  let minLength = 0;
  let maxLength = 40;
  for (const check of checks) {
    if (check.check === 'min_length') minLength = Number(check.minimum);
    if (check.check === 'max_length') maxLength = Math.min(maxLength, Number(check.maximum));
    if (check.check === 'length_equals') minLength = maxLength = Number(check.length);
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1e6;
  let max = 1e6;
  let isInt = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') min = Math.max(min, Number(check.value));
    if (check.check === 'less_than') max = Math.min(max, Number(check.value));
    if (check.check === 'number_format') isInt = String(check.format).includes('int');
  }
  if (isInt) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(def: Def, options: ArbitraryOptions, depth: number) {
  const shape = def.shape as Record<string, z.core.$ZodType>;
  const entries = Object.entries(shape).map(
    ([key, schema]) => [key, arbitraryOf(schema, options, depth + 1)] as const,
  );
  return fc
    .tuple(...entries.map(([key, arbitrary]) => arbitrary.map((value) => [key, value] as const)))
    .map((pairs) =>
      Object.fromEntries(pairs.filter(([, value]) => value !== undefined)),
    ) as fc.Arbitrary<unknown>;
}

/** Leaves that are not text in JSON become text in a URL. */
function leaf<T>(arbitrary: fc.Arbitrary<T>, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  return options.asText ? arbitrary.map(text) : arbitrary;
}

export function arbitraryOf(
  schema: z.core.$ZodType,
  options: ArbitraryOptions,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > 12) return fc.constant(undefined);
  const def = defOf(schema);
  const inner = (key: string) => arbitraryOf(def[key] as z.core.$ZodType, options, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, options);
    case 'number':
      return leaf(numberArbitrary(def), options);
    case 'bigint':
      return leaf(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), { ...options, asText: true });
    case 'boolean':
      return leaf(fc.boolean(), options);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'literal':
      return leaf(fc.constantFrom(...(def.values as unknown[])), options);
    case 'enum':
      return leaf(fc.constantFrom(...Object.values(def.entries as object)), options);
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
    case 'never':
      return fc.constant(undefined);
    case 'any':
    case 'unknown':
      return options.asText ? fc.string() : fc.jsonValue({ maxDepth: 2 });
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(inner('innerType'), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null, freq: 3 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'lazy':
      return arbitraryOf((def.getter as () => z.core.$ZodType)(), options, depth + 1);
    case 'pipe': {
      // The input side; a pipe into a schema (not a transform) is valid when that one is.
      const out = defOf(def.out as z.core.$ZodType).type;
      const into = defOf(def.in as z.core.$ZodType).type;
      const useOut = out !== 'transform' && into !== 'pipe' && into !== 'transform';
      return inner(useOut ? 'out' : 'in');
    }
    case 'union':
      return fc.oneof(
        ...(def.options as z.core.$ZodType[]).map((o) => arbitraryOf(o, options, depth + 1)),
      );
    case 'intersection':
      return inner('left');
    case 'object':
      return objectArbitrary(def, options, depth);
    case 'array': {
      const checks = checksOf(def);
      const min = Number(checks.find((c) => c.check === 'min_length')?.minimum ?? 0);
      const max = Number(checks.find((c) => c.check === 'max_length')?.maximum ?? 5);
      return fc.array(inner('element'), { minLength: min, maxLength: Math.max(min, Math.min(max, 5)) });
    }
    case 'tuple':
      return fc.tuple(
        ...(def.items as z.core.$ZodType[]).map((item) => arbitraryOf(item, options, depth + 1)),
      );
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), inner('valueType'), { maxKeys: 4 });
    default:
      throw new Error(`no fuzz generator for the zod type '${def.type}'`);
  }
}
