import { INJECTION, UNICODE, huge } from './bad-values.js';

/** One client → server emission of the socket sweep. */
export interface SocketCase {
  label: string;
  event: string;
  args: unknown[];
  /** Sent with an ack callback (the server must answer `{ success:false, error, code }`). */
  withAck: boolean;
  /** Over Socket.IO's 16 KB message limit: the server may drop the connection instead of answering. */
  oversize?: boolean;
}

/** What a socket's user may name: itself; anyone else is another user (of its workspace or not). */
export interface SocketIds {
  self: string;
  /** Another member of the same workspace, the Owner, another workspace's user, an unknown id. */
  others: string[];
}

const TYPES: [string, unknown][] = [
  ['number', 42],
  ['null', null],
  ['true', true],
  ['array', ['a', 1]],
  ['empty-object', {}],
  ['empty-string', ''],
  ['binary', Buffer.from('binario')],
  ['nested', { a: { b: { c: [1, 2, 3] } } }],
  ['proto', JSON.parse('{"__proto__":{"isAdmin":true}}') as unknown],
];

const STRINGS: [string, string][] = [
  ['10KB', huge(10 * 1024)],
  ...Object.entries(UNICODE).map(([k, v]): [string, string] => [`unicode:${k}`, v]),
  ...Object.entries(INJECTION).map(([k, v]): [string, string] => [`injection:${k}`, v]),
];

/**
 * Bad emissions of `join:user` and `resume` (wrong types, missing and extra fields, huge payloads,
 * unicode and injection-like strings, other users' ids, several arguments, none) and of events the
 * server does not handle. Each is sent with and without an ack.
 */
export function socketCases(ids: SocketIds): SocketCase[] {
  const bodies: { label: string; event: string; args: unknown[]; oversize?: boolean }[] = [];
  const add = (event: string, label: string, args: unknown[], oversize = false) =>
    bodies.push({ event, label, args, ...(oversize ? { oversize } : {}) });

  // join:user — a user id, or { userId }.
  for (const [label, value] of TYPES) add('join:user', `type:${label}`, [value]);
  for (const [label, value] of STRINGS) {
    add('join:user', `string:${label}`, [value]);
    add('join:user', `object.userId:${label}`, [{ userId: value }]);
  }
  add('join:user', 'missing:userId', [{}]);
  add('join:user', 'extra-field', [{ userId: ids.self, extra: true }]);
  add('join:user', 'extra:workspaceId', [{ userId: ids.self, workspaceId: 'outra-empresa' }]);
  add('join:user', 'userId:number', [{ userId: 7 }]);
  add('join:user', 'no-arguments', []);
  add('join:user', 'two-arguments', [ids.self, ids.self]);
  add('join:user', 'oversize:100KB', [huge(100 * 1024)], true);
  ids.others.forEach((other, i) => {
    add('join:user', `other-user-${i + 1}`, [other]);
    add('join:user', `other-user-${i + 1}:object`, [{ userId: other }]);
    add('join:user', `other-user-${i + 1}:padded`, [` ${other} `]);
    add('join:user', `other-user-${i + 1}:upper`, [other.toUpperCase()]);
  });

  // resume — { lastPosition }.
  for (const [label, value] of TYPES) add('resume', `type:${label}`, [value]);
  for (const [label, value] of STRINGS) add('resume', `lastPosition:${label}`, [{ lastPosition: value }]);
  for (const [label, value] of [
    ['negative', -1],
    ['fraction', 1.5],
    ['beyond-safe', Number.MAX_SAFE_INTEGER + 2],
    ['infinity-as-null', Infinity],
    ['numeric-string', '5'],
    ['null', null],
    ['array', [1]],
  ] as [string, unknown][]) {
    add('resume', `lastPosition:${label}`, [{ lastPosition: value }]);
  }
  add('resume', 'missing:lastPosition', [{}]);
  add('resume', 'extra-field', [{ lastPosition: 0, extra: true }]);
  add('resume', 'extra:userId', [{ lastPosition: 0, userId: ids.others[0] ?? 'outro' }]);
  add('resume', 'extra:workspaceId', [{ lastPosition: 0, workspaceId: 'outra-empresa' }]);
  add('resume', 'no-arguments', []);
  add('resume', 'two-arguments', [{ lastPosition: 0 }, { lastPosition: 0 }]);
  add('resume', 'oversize:100KB', [{ lastPosition: 0, pad: huge(100 * 1024) }], true);

  // Events the server does not handle: ignored, even when they name rooms or other users.
  for (const event of ['join:room', 'join:workspace', 'join', 'subscribe', 'whatsapp:send', 'message']) {
    add(event, 'unhandled', [{ room: 'ws:outra-empresa:all', userId: ids.others[0] ?? 'outro' }]);
  }

  return bodies.flatMap((b) => [
    { ...b, label: `${b.event} ${b.label} (ack)`, withAck: true },
    { ...b, label: `${b.event} ${b.label} (no ack)`, withAck: false },
  ]);
}

/** Cookie headers that are no session: missing, made up, malformed, huge, injection-like. */
export function forgedCookies(loggedOutCookie: string): { label: string; cookie: string | undefined }[] {
  return [
    { label: 'no cookie', cookie: undefined },
    { label: 'made-up token', cookie: `atende_session=${'x'.repeat(43)}` },
    {
      label: 'made-up token (another format)',
      cookie: 'atende_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    },
    { label: 'short token', cookie: 'atende_session=curto' },
    { label: 'empty token', cookie: 'atende_session=' },
    { label: 'bad escape', cookie: 'atende_session=%E0%A4%A' },
    { label: 'injection', cookie: `atende_session=${encodeURIComponent(INJECTION.sql!)}` },
    { label: 'unicode', cookie: `atende_session=${encodeURIComponent(UNICODE.emoji!)}` },
    { label: 'huge', cookie: `atende_session=${huge(8 * 1024)}` },
    { label: 'other cookie name', cookie: `session=${'x'.repeat(43)}` },
    { label: 'garbage header', cookie: ';;;=;=atende_session;' },
    { label: 'logged-out session', cookie: loggedOutCookie },
  ];
}

/** Handshake `auth` payloads that are not `{ lastPosition?: position }`. */
export const BAD_HANDSHAKE_AUTH: { label: string; auth: Record<string, unknown> }[] = [
  { label: 'lastPosition string', auth: { lastPosition: 'x' } },
  { label: 'lastPosition negative', auth: { lastPosition: -5 } },
  { label: 'lastPosition fraction', auth: { lastPosition: 2.5 } },
  { label: 'lastPosition object', auth: { lastPosition: { $gt: 0 } } },
  { label: 'lastPosition array', auth: { lastPosition: [1] } },
  { label: 'lastPosition true', auth: { lastPosition: true } },
  { label: 'lastPosition injection', auth: { lastPosition: INJECTION.sql } },
];
