import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries from zod 4 schemas, read through zod's own introspection (`_zod.def`).
 * zod-fast-check supports only zod 3 and fast-check 3, hence this compact generator
 * (docs/decisions/0022-contract-fuzz.md). Values are valid-shaped (types, lengths, patterns, enums)
 * but not always valid (refinements are not solved); every leaf is, at the given rate, replaced by a
 * hostile value instead.
 */

interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const NASTY_CHARS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u2028',
  '\uFEFF',
  '\uD800',
  '"',
  "'",
  '\\',
  '%',
  '<',
  '>',
  '&',
  '{',
  '}',
  '/',
  '..',
];

/** Strings that break naive code: control characters, a lone surrogate, 100 kB, injection-shaped text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u0000'.repeat(64),
    '\u001b[31m\r\n\t',
    '\uD800',
    "'; --",
    '" OR 1=1 --',
    '%00%ff',
    '../../../../etc/passwd',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    '1e308',
    '-1e308',
    'NaN',
    'Infinity',
    '-0',
    '9'.repeat(400),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '0000-01-01',
    '9999-12-31',
    '2024-02-30',
    'x'.repeat(100_000),
    'é'.repeat(50_000),
  ),
  fc.array(fc.constantFrom(...NASTY_CHARS), { minLength: 1, maxLength: 40 }).map((a) => a.join('')),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** NaN and ±Infinity travel as null in JSON bodies and as text in query strings and paths. */
export const hostileNumber: fc.Arbitrary<number> = fc.constantFrom(
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER + 2,
  -(2 ** 63),
  2 ** 31,
  -1,
  0,
  -0,
  0.1 + 0.2,
  1e-300,
);

/** Deeply nested arrays and objects (beyond any realistic payload). */
const deep = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

/** Any hostile JSON value, whatever the schema expects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    [],
    {},
    deep(64),
    deep(2_000),
    Array.from({ length: 10_000 }, (_, i) => i),
    Array.from({ length: 10_000 }, () => 'x'),
    JSON.parse('{"__proto__":{"polluted":true,"isAdmin":true}}') as unknown,
    { constructor: { prototype: { polluted: true } } },
    { toString: 'x', valueOf: 1, hasOwnProperty: 'x' },
  ),
);

const finiteBetween = (min: number, max: number, int: boolean) =>
  int
    ? fc.integer({ min: Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER), max: Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

function stringArb(def: Def): fc.Arbitrary<string> {
  let min = 0;
  let max = 40;
  let pattern: RegExp | undefined = def.pattern as RegExp | undefined;
  let format = def.format as string | undefined;
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'min_length') min = d.minimum!;
    else if (d.check === 'max_length') max = d.maximum!;
    else if (d.check === 'length_equals') min = max = d.length!;
    else if (d.check === 'string_format') {
      format = d.format;
      if (d.pattern) pattern = d.pattern;
    }
  }
  if (format === 'uuid' || format === 'guid') return fc.uuid({ version: 4 });
  if (format === 'email') return fc.emailAddress();
  if (pattern) return fc.stringMatching(pattern, { size: 'small' });
  const upper = Math.max(min, Math.min(max, min + 40));
  return fc.string({ minLength: min, maxLength: upper });
}

function numberArb(def: Def): fc.Arbitrary<number> {
  let min = -1e6;
  let max = 1e6;
  let int = false;
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'number_format' && /int/.test(d.format ?? '')) int = true;
    else if (d.check === 'greater_than') min = Number(d.value) + (d.inclusive ? 0 : int ? 1 : 1e-6);
    else if (d.check === 'less_than') max = Number(d.value) - (d.inclusive ? 0 : int ? 1 : 1e-6);
  }
  if (def.format && /int/.test(String(def.format))) int = true;
  if (min > max) return fc.constant(min);
  return fc.oneof(finiteBetween(min, max, int), fc.constantFrom(min, max));
}

/**
 * An arbitrary for the input side of a schema. `hostileRate` (0..1) is the chance that a leaf is a
 * hostile value instead of a valid-shaped one.
 */
export function zodArbitrary(schema: z.ZodType, hostileRate = 0.15, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedArbitrary(schema, hostileRate, depth);
  if (hostileRate <= 0) return shaped;
  const weight = Math.max(1, Math.round(hostileRate * 100));
  return fc.oneof({ arbitrary: shaped, weight: 100 - weight }, { arbitrary: hostileValue, weight });
}

function shapedArbitrary(schema: z.ZodType, hostileRate: number, depth: number): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: unknown) => zodArbitrary(s as z.ZodType, hostileRate, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArb(def);
    case 'number':
    case 'int':
      return numberArb(def);
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 3 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType);
    case 'lazy':
      return depth > 6 ? fc.constant(null) : inner((def.getter as () => unknown)());
    case 'pipe': {
      // z.preprocess / transforms: generate for the side that describes the wire shape.
      const input = defOf(def.in as z.ZodType);
      return input.type === 'transform' ? inner(def.out) : inner(def.in);
    }
    case 'transform':
    case 'unknown':
    case 'any':
      return fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    case 'array':
      return fc.array(inner(def.element), { maxLength: depth > 2 ? 2 : 5 });
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map(inner));
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map(inner));
    case 'intersection':
      return fc.tuple(inner(def.left), inner(def.right)).map(([a, b]) => (isPlain(a) && isPlain(b) ? { ...a, ...b } : a));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), inner(def.valueType), { maxKeys: 4 });
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return fc
        .record(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, inner(s)])))
        .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
    }
    default:
      return hostileValue;
  }
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
