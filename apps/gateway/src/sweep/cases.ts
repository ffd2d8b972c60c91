import { gzipSync } from 'node:zlib';
import {
  MB,
  PATH_SEGMENTS,
  QUERY_VALUES,
  RAW_BODIES,
  encodeJson,
  huge,
  sampleOf,
  typesOf,
  variantsFor,
  violates,
  withOwnKey,
} from './bad-values.js';
import { fillPath, type JsonSchema, type Operation } from './openapi-operations.js';

/** Which part of the request a case breaks. */
export type CaseGroup =
  | 'baseline'
  | 'raw-body'
  | 'body-absent'
  | 'missing-field'
  | 'extra-field'
  | 'field'
  | 'huge-body'
  | 'content-type'
  | 'query'
  | 'path'
  | 'other-user'
  | 'method'
  | 'headers'
  | 'specific';

export interface SweepCase {
  group: CaseGroup;
  /** e.g. `field:title=unicode:emoji`. */
  label: string;
  method: string;
  /** Path and query string, encoded. */
  url: string;
  body?: string | Uint8Array;
  headers: Record<string, string>;
  /** The input certainly breaks the documented schema (or names another user): the answer must be 4xx. */
  mustRefuse: boolean;
  /** URL parsing resolves the path to another route (`/api/notes/.` is `/api/notes/`). */
  otherRoute?: boolean;
  /** Sent as a page of another site could: without the application's X-Requested-With. */
  bare?: boolean;
}

/** What the sweep fills a request with, for one operation and one caller. */
export interface CaseInput {
  /** Real path values (not encoded) of this caller's view, e.g. the demo conversation's chat id. */
  pathValues: Record<string, string>;
  /** A body the server may accept (defaults to a sample of the schema). */
  body?: Record<string, unknown>;
  /** Query parameters the server may accept (defaults to the required ones, sampled). */
  query?: Record<string, string>;
  /** User ids that are not the caller (a `userId` field naming them must be refused). */
  otherUserIds: string[];
  /** Ids of users of another workspace: a field naming a member (`assigneeId`) must refuse them. */
  foreignUserIds: string[];
  /** Bodies this operation in particular must refuse (a reused idempotency key, a taken e-mail…). */
  specific?: { label: string; body: Record<string, unknown> }[];
}

const JSON_TYPE = { 'content-type': 'application/json' };
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function queryString(query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A copy of `body` with `path` (one or two keys) set to `value`. */
function setAt(body: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) return withOwnKey(body, head, value);
  const inner = body[head];
  const base = inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? inner : {};
  return withOwnKey(body, head, setAt(base as Record<string, unknown>, rest, value));
}

/** Leaf fields of a body schema: top-level properties and, for object properties, theirs. */
function fieldsOf(schema: JsonSchema): { path: string[]; schema: JsonSchema }[] {
  const out: { path: string[]; schema: JsonSchema }[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    out.push({ path: [name], schema: property });
    for (const [inner, innerSchema] of Object.entries(property.properties ?? {})) {
      out.push({ path: [name, inner], schema: innerSchema });
    }
  }
  return out;
}

/**
 * Every case of one operation: the body of the wrong type, invalid JSON, each required field
 * missing, extra fields, each field with wrong types, huge, unicode and injection-like values, the
 * body over the size limit, odd content types; query parameters of the wrong type and unknown ones;
 * path parameters that do not exist or carry odd characters; another user's id where one is taken.
 */
export function casesFor(op: Operation, input: CaseInput): SweepCase[] {
  const cases: SweepCase[] = [];
  const encoded = Object.fromEntries(
    Object.entries(input.pathValues).map(([k, v]) => [k, encodeURIComponent(v)]),
  );
  const basePath = fillPath(op.path, encoded);
  const baseQuery: Record<string, string> =
    input.query ??
    Object.fromEntries(
      op.queryParams.filter((p) => p.required).map((p) => [p.name, String(sampleOf(p.schema))]),
    );
  const baseUrl = basePath + queryString(baseQuery);
  const bodySchema = op.body;
  const baseBody = bodySchema ? (input.body ?? (sampleOf(bodySchema) as Record<string, unknown>)) : undefined;
  const hasBody = op.method !== 'GET';

  const add = (
    group: CaseGroup,
    label: string,
    mustRefuse: boolean,
    options: {
      url?: string;
      body?: string | Uint8Array;
      headers?: Record<string, string>;
      otherRoute?: boolean;
      method?: string;
      bare?: boolean;
    } = {},
  ) => {
    const body = options.body ?? encodeJson(baseBody ?? {});
    cases.push({
      group,
      label,
      method: options.method ?? op.method,
      url: options.url ?? baseUrl,
      ...(hasBody && body !== undefined ? { body } : {}),
      headers: hasBody && body !== undefined ? { ...JSON_TYPE, ...options.headers } : { ...options.headers },
      mustRefuse,
      ...(options.otherRoute ? { otherRoute: true } : {}),
      ...(options.bare ? { bare: true } : {}),
    });
  };
  const bodyCase = (group: CaseGroup, label: string, body: Record<string, unknown>) =>
    add(group, label, bodySchema ? violates(bodySchema, body) : false, { body: encodeJson(body) });

  // ---- the body ----------------------------------------------------------------------------
  if (hasBody) {
    for (const raw of RAW_BODIES) {
      // Whitespace only may count as an empty body; everything else is no JSON object.
      const refuse =
        raw.label !== 'invalid-json:whitespace' && (bodySchema !== undefined || /^invalid/.test(raw.label));
      add('raw-body', `body=${raw.label}`, refuse, { body: raw.value as string });
    }
    const emptyRefused = bodySchema ? violates(bodySchema, {}) : false;
    cases.push({
      group: 'body-absent',
      label: 'body=absent',
      method: op.method,
      url: baseUrl,
      headers: {},
      mustRefuse: emptyRefused,
    });
    add('body-absent', 'body=empty-object', emptyRefused, { body: '{}' });
    add('huge-body', 'body=1MB-string', true, {
      body: encodeJson({ ...(baseBody ?? {}), [firstStringField(bodySchema) ?? 'texto']: huge(MB) }),
    });
    // What a form or a page of another site can send without a preflight: refused (403/415).
    add('content-type', 'content-type=text/plain', true, {
      headers: { 'content-type': 'text/plain' },
      bare: true,
    });
    add('content-type', 'content-type=form', true, {
      body: 'title=a&content=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      bare: true,
    });
    add('content-type', 'content-type=multipart', true, {
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      bare: true,
    });
    add('content-type', 'content-type=text/plain+app-header', true, {
      headers: { 'content-type': 'text/plain' },
    });
    add('content-type', 'charset=utf-16', true, {
      headers: { 'content-type': 'application/json; charset=utf-16' },
    });
    add('content-type', 'content-encoding=gzip-not-gzip', true, { headers: { 'content-encoding': 'gzip' } });
    add('content-type', 'content-encoding=unsupported', true, {
      headers: { 'content-encoding': 'compress' },
    });
    add('content-type', 'content-encoding=gzip', false, {
      body: gzipSync(encodeJson(baseBody ?? {})),
      headers: { 'content-encoding': 'gzip' },
    });
    // A few KB that inflate to 2 MB: over the body limit once inflated.
    add('huge-body', 'content-encoding=gzip-bomb', true, {
      body: gzipSync(`{"texto":"${huge(2 * MB)}"}`),
      headers: { 'content-encoding': 'gzip' },
    });
  }
  if (bodySchema && baseBody) {
    for (const name of bodySchema.required ?? []) {
      if (!(name in baseBody)) continue;
      const { [name]: _dropped, ...rest } = baseBody;
      bodyCase('missing-field', `missing:${name}`, rest);
    }
    bodyCase('extra-field', 'extra:unknown', { ...baseBody, campoExtra: 'x' });
    bodyCase('extra-field', 'extra:__proto__', withOwnKey(baseBody, '__proto__', { isAdmin: true }));
    bodyCase('extra-field', 'extra:constructor', {
      ...baseBody,
      constructor: { prototype: { isAdmin: true } },
    });
    // Unknown (400) or, where the schema has it, another user than the session's (403).
    add('extra-field', 'extra:userId', true, {
      body: encodeJson({ ...baseBody, userId: input.otherUserIds[0] ?? 'outro-usuario' }),
    });
    bodyCase('extra-field', 'extra:workspaceId', { ...baseBody, workspaceId: 'outra-empresa' });
    for (const field of fieldsOf(bodySchema)) {
      for (const variant of variantsFor(field.schema)) {
        bodyCase(
          'field',
          `field:${field.path.join('.')}=${variant.label}`,
          setAt(baseBody, field.path, variant.value),
        );
      }
      // A member of another workspace (or nobody) where a member of this one is named.
      if (field.path.length === 1 && /assigneeId$/i.test(field.path[0]!)) {
        for (const [i, foreignId] of input.foreignUserIds.entries()) {
          add('other-user', `field:${field.path[0]}=foreign-user-${i + 1}`, true, {
            body: encodeJson(setAt(baseBody, field.path, foreignId)),
          });
        }
      }
      if (field.path.length === 1 && field.path[0] === 'userId') {
        input.otherUserIds.forEach((other, i) =>
          add('other-user', `body.userId=other-${i + 1}`, true, {
            body: encodeJson({ ...baseBody, userId: other }),
          }),
        );
      }
    }
  }

  // ---- the query string --------------------------------------------------------------------
  for (const param of op.queryParams) {
    for (const variant of QUERY_VALUES) {
      const value = variant.value as string;
      add('query', `query:${param.name}=${variant.label}`, violates(param.schema, value), {
        url: basePath + queryString({ ...baseQuery, [param.name]: value }),
      });
    }
    const one = baseQuery[param.name] ?? String(sampleOf(param.schema));
    add('query', `query:${param.name}=repeated`, typesOf(param.schema)?.has('array') !== true, {
      url: basePath + queryString({ ...baseQuery, [param.name]: [one, one] }),
    });
    add('query', `query:${param.name}[bracket]`, false, {
      url: `${basePath}${queryString(baseQuery) || '?'}&${param.name}%5Bx%5D=1`,
    });
    if (param.name === 'userId') {
      input.otherUserIds.forEach((other, i) =>
        add('other-user', `query.userId=other-${i + 1}`, true, {
          url: basePath + queryString({ ...baseQuery, userId: other }),
        }),
      );
    }
  }
  for (const key of ['campoExtra', '__proto__', 'constructor', 'hasOwnProperty']) {
    add('query', `query:extra-key:${key}`, false, {
      url: basePath + queryString({ ...baseQuery, [key]: '1' }),
    });
  }
  add('query', 'query:20KB-url', true, { url: `${basePath}?campoExtra=${huge(20 * 1024)}` });

  // ---- path parameters ---------------------------------------------------------------------
  for (const param of op.pathParams) {
    const segments = [
      { label: 'path:unknown-id', value: 'nao-existe-sweep' },
      { label: 'path:unknown-uuid', value: '00000000-0000-4000-8000-000000000000' },
      ...PATH_SEGMENTS,
    ];
    for (const segment of segments) {
      // '.' is resolved away by URL parsing: it names another route, which may answer 2xx.
      const otherRoute = segment.label === 'path:dot';
      add('path', `path:${param.name}=${segment.label}`, !otherRoute, {
        otherRoute,
        url:
          fillPath(op.path, { ...encoded, [param.name]: segment.value as string }) + queryString(baseQuery),
      });
    }
    if (param.name === 'userId' && op.path.startsWith('/api/whatsapp/')) {
      input.otherUserIds.forEach((other, i) =>
        add('other-user', `path.userId=other-${i + 1}`, true, {
          url: fillPath(op.path, { ...encoded, userId: encodeURIComponent(other) }) + queryString(baseQuery),
        }),
      );
    }
  }

  for (const specific of input.specific ?? []) {
    add('specific', `specific:${specific.label}`, true, { body: encodeJson(specific.body) });
  }

  // Same-site forgery: state changes from another origin, or without the application's header.
  if (STATE_CHANGING.has(op.method)) {
    add('headers', 'origin=foreign', true, { headers: { origin: 'https://evil.example' } });
    add('headers', 'referer=foreign', true, { headers: { referer: 'https://evil.example/pagina' } });
    add('headers', 'origin=null', true, { headers: { origin: 'null' } });
    if (!hasBody) add('headers', 'no-app-header', true, { bare: true });
  }

  // Headers: a made-up or malformed session cookie (instead of the caller's), odd request ids.
  const needsSession = op.permission !== 'public';
  add('headers', 'cookie=made-up-token', needsSession, {
    headers: { cookie: `atende_session=${'A'.repeat(43)}` },
  });
  add('headers', 'cookie=malformed', needsSession, { headers: { cookie: 'atende_session=%E0%A4%A; ;=' } });
  add('headers', 'cookie=twice', needsSession, {
    headers: { cookie: `atende_session=${'a'.repeat(43)}; atende_session=${'b'.repeat(43)}` },
  });
  add('headers', 'x-request-id=injection', false, { headers: { 'x-request-id': "'; DROP TABLE events;--" } });
  add('headers', 'x-request-id=8KB', false, { headers: { 'x-request-id': huge(8 * 1024) } });
  add('headers', 'accept=text/html', false, { headers: { accept: 'text/html' } });

  // Methods the path does not have.
  add('method', 'method=PATCH', true, { method: 'PATCH' });
  add('method', 'method=OPTIONS', true, { method: 'OPTIONS' });

  // The plausible request itself last (it may change what the cases above found).
  add('baseline', 'baseline', false);
  return cases;
}

function firstStringField(schema: JsonSchema | undefined): string | undefined {
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    if (typesOf(property)?.has('string')) return name;
  }
  return undefined;
}

/** Labels kept when an operation is swept with fewer cases (a representative of each kind). */
const REDUCED = [
  /^body=json:array$/,
  /^body=json:string$/,
  /^body=json:null$/,
  /^body=invalid-json:truncated$/,
  /^body=absent$/,
  /^body=1MB-string$/,
  /gzip-bomb/,
  /^method=/,
  /^specific:/,
  /foreign-user-1$/,
  /^cookie=made-up-token$/,
  /^missing:/,
  /^extra:/,
  /=type:(number|null|array|object)$/,
  /=string:10KB$/,
  /=unicode:(emoji|nul|lone-surrogate-high)$/,
  /=injection:(sql|html|path)$/,
  /=number:(negative|beyond-double)$/,
  /=query:(word|negative|10KB|injection:sql)$/,
  /query:extra-key:__proto__/,
  /query:20KB-url/,
  /=path:(unknown-id|bad-escape|nul|traversal-encoded|4KB|injection:sql|unicode:emoji)$/,
  /^(body|query|path)\.userId=other/,
  /^baseline$/,
];

/** Fewer cases: one or two of each kind (callers whose answers differ by who asks, not by what). */
export function reduced(cases: SweepCase[]): SweepCase[] {
  return cases.filter((c) => REDUCED.some((r) => r.test(c.label)));
}

/** One case of each group: enough to see that a caller is turned away before the input is read. */
export function probe(cases: SweepCase[]): SweepCase[] {
  const seen = new Set<string>();
  return cases.filter((c) => {
    const key = c.group === 'field' ? `field:${c.label.split('=')[1]}` : c.group;
    if (c.group === 'field' && !/=(type:number|string:10KB|injection:sql)$/.test(c.label)) return false;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
