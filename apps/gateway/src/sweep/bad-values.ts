import { randomUUID } from 'node:crypto';
import type { JsonSchema } from './openapi-operations.js';

/** JSON text put as is into a body (what JSON.stringify cannot produce: `1e309`, `-0`). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, except RawJson values; own `__proto__` keys are kept as keys. */
export function encodeJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(encodeJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${encodeJson(v)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An object with an own property named `__proto__` (a literal would set the prototype instead). */
export function withOwnKey(base: Record<string, unknown>, key: string, value: unknown) {
  const copy: Record<string, unknown> = { ...base };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

export const MB = 1024 * 1024;
export const huge = (length: number, unit = 'a') =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** Text that is valid JSON but odd: emoji, RTL, NUL, lone surrogates, invisible and combining marks. */
export const UNICODE: Record<string, string> = {
  emoji: '😀👩‍👩‍👧‍👦🇧🇷',
  rtl: '\u202Eمرحبا بالعالم\u202C שלום',
  nul: 'a\u0000b',
  'lone-surrogate-high': 'x\uD800y',
  'lone-surrogate-low': '\uDFFF',
  invisible: '\u200B\u200D\uFEFF',
  combining: 'e\u0301\u0301\u0301\u0301',
  'control-chars': '\u0001\u0007\u001B[31m\u007F',
};

/** Strings that look like attacks on SQL, HTML, templates, paths, NoSQL, headers and formats. */
export const INJECTION: Record<string, string> = {
  sql: "'; DROP TABLE events;--",
  'sql-or': "' OR '1'='1",
  html: '<script>alert(1)</script>',
  template: '{{7*7}}${7*7}#{7*7}',
  path: '../../etc/passwd',
  nosql: '{"$where":"sleep(1000)"}',
  'nosql-key': '$where',
  crlf: 'a\r\nSet-Cookie: atende_session=x',
  format: '%s%n%x%d',
  prototype: '__proto__',
};

/** Values that are strings but read like other things. */
const LOOKALIKES: Record<string, string> = {
  empty: '',
  blank: '   ',
  'date-impossible': '2024-02-30 25:61',
  'date-far': '9999-12-31T23:59:59.999Z',
  'null-text': 'null',
  'number-text': '1e309',
};

export interface Variant {
  label: string;
  value: unknown;
}

/** The JSON types a schema allows (undefined: anything). */
export function typesOf(schema: JsonSchema): Set<string> | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const all = new Set<string>();
    for (const branch of branches) {
      const types = typesOf(branch);
      if (!types) return undefined;
      for (const t of types) all.add(t);
    }
    return all;
  }
  if ('const' in schema) return new Set([jsonType(schema.const)]);
  if (schema.enum) return new Set(schema.enum.map(jsonType));
  if (schema.type === undefined) return undefined;
  const types = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
  if (types.has('integer')) types.add('number');
  return types;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof RawJson) return 'number';
  return typeof value === 'number' ? 'number' : typeof value;
}

/** A plausible valid value for a schema (the body other mutations start from). */
export function sampleOf(schema: JsonSchema): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const notNull = branches.find((b) => b.type !== 'null') ?? branches[0]!;
    return sampleOf(notNull);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'uri') return 'https://example.com/sweep.png';
      if (schema.format === 'email') return 'sweep@example.com';
      let value = 'sweep-1';
      if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) value = '1';
      const min = schema.minLength ?? 0;
      return value.length >= min ? value : value + huge(min - value.length, 'x');
    }
    case 'integer':
    case 'number': {
      let n = 1;
      if (schema.minimum !== undefined) n = Math.max(n, schema.minimum);
      if (schema.maximum !== undefined) n = Math.min(n, schema.maximum);
      return n;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items ?? {}));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = sampleOf(schema.properties?.[name] ?? {});
      return out;
    }
    default:
      return {};
  }
}

/**
 * True when `value` certainly breaks the schema (so the server must refuse it); false when it may be
 * valid. Checks types, lengths, patterns, enums, bounds, required and unknown keys, items.
 */
export function violates(schema: JsonSchema, value: unknown): boolean {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.every((b) => violates(b, value));
  if (value instanceof RawJson) {
    const n = Number(value.text);
    return !Number.isFinite(n) || violates(schema, n);
  }
  if ('const' in schema && value !== schema.const) return true;
  if (schema.enum && !schema.enum.includes(value)) return true;
  const types = typesOf(schema);
  const type = jsonType(value);
  if (types && !types.has(type)) return true;
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.maxLength !== undefined && length > schema.maxLength) return true;
    if (schema.minLength !== undefined && length < schema.minLength) return true;
    if (schema.pattern && !safeTest(schema.pattern, value)) return true;
  }
  if (typeof value === 'number') {
    const declared = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (declared.includes('integer') && !declared.includes('number') && !Number.isInteger(value)) return true;
    if (schema.minimum !== undefined && value < schema.minimum) return true;
    if (schema.maximum !== undefined && value > schema.maximum) return true;
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return true;
    if (schema.minItems !== undefined && value.length < schema.minItems) return true;
    if (schema.items && value.some((item) => violates(schema.items!, item))) return true;
  }
  if (type === 'object' && value !== null && (types?.has('object') ?? false)) {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (!(name in record)) return true;
    for (const [key, item] of Object.entries(record)) {
      // zod drops a `__proto__` key of a record (prototype pollution guard): it is as if absent.
      if (key === '__proto__' && schema.additionalProperties !== false && !schema.properties?.[key]) continue;
      const property = schema.properties?.[key];
      if (property) {
        if (violates(property, item)) return true;
      } else if (schema.additionalProperties === false) {
        return true;
      } else if (typeof schema.additionalProperties === 'object') {
        if (violates(schema.additionalProperties, item)) return true;
        if (schema.propertyNames && violates(schema.propertyNames, key)) return true;
      }
    }
  }
  return false;
}

function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return new RegExp(pattern).test(value);
  }
}

const STRING_VARIANTS: Variant[] = [
  { label: 'string:10KB', value: huge(10 * 1024) },
  ...Object.entries(UNICODE).map(([k, v]) => ({ label: `unicode:${k}`, value: v })),
  ...Object.entries(INJECTION).map(([k, v]) => ({ label: `injection:${k}`, value: v })),
  ...Object.entries(LOOKALIKES).map(([k, v]) => ({ label: `string:${k}`, value: v })),
];

const NUMBER_VARIANTS: Variant[] = [
  { label: 'number:negative', value: -1 },
  { label: 'number:zero', value: 0 },
  { label: 'number:fraction', value: 1.5 },
  { label: 'number:huge', value: 1e308 },
  { label: 'number:beyond-double', value: new RawJson('1e309') },
  { label: 'number:negative-zero', value: new RawJson('-0') },
  { label: 'number:beyond-int64', value: new RawJson('18446744073709551616') },
  { label: 'number:max-safe+1', value: Number.MAX_SAFE_INTEGER + 1 },
];

/** Values of the wrong JSON type, whatever the field is (some are right for some fields). */
const TYPE_VARIANTS: Variant[] = [
  { label: 'type:number', value: 42 },
  { label: 'type:numeric-string', value: '42' },
  { label: 'type:boolean', value: true },
  { label: 'type:boolean-string', value: 'true' },
  { label: 'type:null', value: null },
  { label: 'type:array', value: ['a', 1] },
  { label: 'type:object', value: { $where: '1', nested: { a: [1] } } },
  { label: 'type:empty-array', value: [] },
  { label: 'type:empty-object', value: {} },
];

const ARRAY_VARIANTS: Variant[] = [
  { label: 'array:1000-items', value: Array.from({ length: 1000 }, (_, i) => `item-${i}`) },
  { label: 'array:nulls', value: [null, null] },
  { label: 'array:nested', value: [['a'], { b: 1 }] },
  { label: 'array:injection', value: Object.values(INJECTION) },
  { label: 'array:unicode', value: Object.values(UNICODE) },
];

const OBJECT_VARIANTS: Variant[] = [
  { label: 'object:proto-key', value: withOwnKey({}, '__proto__', { polluted: 'yes' }) },
  { label: 'object:constructor-key', value: { constructor: { prototype: { polluted: 'yes' } } } },
  { label: 'object:deep', value: deepObject(200) },
  {
    label: 'object:many-keys',
    value: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 'v'])),
  },
];

function deepObject(depth: number): unknown {
  let value: unknown = 'fundo';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

/** The bad (or odd) values to try in a field of this schema. */
export function variantsFor(schema: JsonSchema): Variant[] {
  const types = typesOf(schema) ?? new Set(['string', 'number', 'object', 'array']);
  const out: Variant[] = [...TYPE_VARIANTS];
  if (types.has('string')) out.push(...STRING_VARIANTS);
  if (types.has('number')) out.push(...NUMBER_VARIANTS);
  if (types.has('array')) out.push(...ARRAY_VARIANTS);
  if (types.has('object')) out.push(...OBJECT_VARIANTS);
  if (schema.enum || (schema.anyOf ?? []).some((b) => b.enum)) {
    const values = schema.enum ?? (schema.anyOf ?? []).flatMap((b) => b.enum ?? []);
    const first = values.find((v): v is string => typeof v === 'string');
    if (first !== undefined) {
      out.push({
        label: 'enum:other-case',
        value: first.toUpperCase() === first ? first.toLowerCase() : first.toUpperCase(),
      });
      out.push({ label: 'enum:padded', value: ` ${first} ` });
    }
  }
  return out;
}

/** Query-string values (already strings): wrong numbers, huge, unicode, injection. */
export const QUERY_VALUES: Variant[] = [
  { label: 'query:empty', value: '' },
  { label: 'query:word', value: 'abc' },
  { label: 'query:negative', value: '-1' },
  { label: 'query:zero', value: '0' },
  { label: 'query:fraction', value: '1.5' },
  { label: 'query:exponent', value: '1e3' },
  { label: 'query:hex', value: '0x10' },
  { label: 'query:NaN', value: 'NaN' },
  { label: 'query:Infinity', value: 'Infinity' },
  { label: 'query:beyond-int64', value: '99999999999999999999' },
  { label: 'query:true', value: 'true' },
  { label: 'query:10KB', value: huge(10 * 1024) },
  ...Object.entries(UNICODE).map(([k, v]) => ({ label: `query:unicode:${k}`, value: v })),
  ...Object.entries(INJECTION).map(([k, v]) => ({ label: `query:injection:${k}`, value: v })),
];

/** Path segments, already encoded: odd characters, traversal, huge, injection. */
export const PATH_SEGMENTS: Variant[] = [
  { label: 'path:bad-escape', value: '%ZZ' },
  { label: 'path:nul', value: '%00' },
  { label: 'path:traversal-encoded', value: '..%2F..%2Fetc%2Fpasswd' },
  { label: 'path:backslash', value: '..%5C..%5Cwindows' },
  { label: 'path:space', value: '%20' },
  { label: 'path:dot', value: '.' },
  { label: 'path:300-chars', value: huge(300) },
  { label: 'path:4KB', value: huge(4096) },
  { label: 'path:proto', value: '__proto__' },
  { label: 'path:constructor', value: 'constructor' },
  { label: 'path:colon', value: 'a:b:c' },
  { label: 'path:at', value: '%40' },
  { label: 'path:overlong-utf8', value: '%C0%AE%C0%AE' },
  ...Object.entries(UNICODE).map(([k, v]) => ({
    label: `path:unicode:${k}`,
    value: encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '\uFFFD')),
  })),
  { label: 'path:unicode:lone-surrogate-raw', value: '%ED%A0%80' },
  ...Object.entries(INJECTION).map(([k, v]) => ({
    label: `path:injection:${k}`,
    value: encodeURIComponent(v),
  })),
];

/** Whole bodies that are no JSON object, or no JSON at all (sent as application/json). */
export const RAW_BODIES: Variant[] = [
  { label: 'json:array', value: '[]' },
  { label: 'json:array-of-object', value: '[{}]' },
  { label: 'json:string', value: '"texto"' },
  { label: 'json:number', value: '42' },
  { label: 'json:null', value: 'null' },
  { label: 'json:true', value: 'true' },
  { label: 'invalid-json:truncated', value: '{"a":' },
  { label: 'invalid-json:single-quotes', value: "{'a':1}" },
  { label: 'invalid-json:trailing-comma', value: '{"a":1,}' },
  { label: 'invalid-json:NaN', value: '{"a":NaN}' },
  { label: 'invalid-json:undefined', value: 'undefined' },
  { label: 'invalid-json:comment', value: '{/* x */}' },
  { label: 'invalid-json:nul', value: '\u0000' },
  { label: 'invalid-json:bad-escape', value: '{"a":"\\x41"}' },
  { label: 'json:deep-nesting', value: `${'['.repeat(20000)}${']'.repeat(20000)}` },
  { label: 'json:duplicate-keys', value: '{"a":1,"a":2}' },
  { label: 'invalid-json:whitespace', value: '   ' },
];
