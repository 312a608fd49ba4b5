// OWASP ASVS 5.1.4: every string of a request is checked for characters the database cannot
// keep. PostgreSQL text and jsonb refuse U+0000, and a lone UTF-16 surrogate has no UTF-8 form
// (the driver would store U+FFFD instead of what was sent), so neither may get past validation.
// eslint-disable-next-line no-control-regex -- the NUL is what this looks for
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text has a NUL or a lone surrogate. */
export function isUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

/** A step of the path to a value, linked to its parent: a deep body costs no path copies. */
type Step = { key: string; parent: Step | undefined };

function pathOf(step: Step | undefined): string {
  const keys: string[] = [];
  for (let at = step; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** Enough to name the fields of one form; a body with more is refused all the same. */
const MAX_REPORTED = 20;

/**
 * The dotted paths (`items.0.name`, as in `fields[].path`) of the string values and object keys
 * with a NUL or a lone surrogate, in a parsed body, query or params (at most MAX_REPORTED).
 * A key is reported as its own path. Walks with a stack and linked paths, so a deeply nested
 * body neither overflows the call stack nor costs time growing with the square of its depth.
 */
export function unsafeTextPaths(input: unknown): string[] {
  const found: string[] = [];
  const stack: [unknown, Step | undefined][] = [[input, undefined]];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const [value, at] = stack.pop()!;
    if (typeof value === 'string') {
      if (isUnsafeText(value)) found.push(pathOf(at));
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) {
        stack.push([value[index], { key: String(index), parent: at }]);
      }
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index]!;
        const step = { key, parent: at };
        if (isUnsafeText(key)) stack.push([key, step]);
        else stack.push([item, step]);
      }
    }
  }
  return found;
}
