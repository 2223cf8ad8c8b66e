/**
 * Text the API can store (docs/decisions/022-hostile-input.md). PostgreSQL refuses U+0000 in
 * text and jsonb, and a lone UTF-16 surrogate is not a character at all (it cannot be encoded
 * as UTF-8). The server refuses both in every string of every request's body, query and path
 * parameters, keys included, before the endpoint's schema runs; it also refuses input nested
 * deeper than INPUT_MAX_DEPTH (no form has more than a few levels, and a very deep value
 * overflows the stack of JSON.stringify and PostgreSQL's jsonb parser).
 * The messages are in input-messages.ts.
 */

/** Objects and arrays inside one another, the outermost counting as 1. */
export const INPUT_MAX_DEPTH = 32;

/** U+0000, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what is looked for.
const UNSUPPORTED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnsupportedCharacters(text: string): boolean {
  return UNSUPPORTED.test(text);
}

export type InputProblem = 'unsupportedCharacters' | 'tooDeep';

/**
 * The first problem of a parsed input (a JSON body, a query or path parameters): a string or
 * key with unsupported characters, or nesting deeper than `maxDepth`. Iterative, so that a
 * hostile 100,000-deep value cannot overflow the stack here; binary bodies are not text.
 */
export function inspectInput(value: unknown, maxDepth: number = INPUT_MAX_DEPTH): InputProblem | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    // biome-ignore lint/style/noNonNullAssertion: the loop runs while the stack is not empty.
    const { value: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (hasUnsupportedCharacters(current)) return 'unsupportedCharacters';
      continue;
    }
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    if (depth + 1 > maxDepth) return 'tooDeep';
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (hasUnsupportedCharacters(key)) return 'unsupportedCharacters';
      stack.push({ value: item, depth: depth + 1 });
    }
  }
  return null;
}
