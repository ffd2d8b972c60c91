import { randomBytes, randomUUID } from 'node:crypto';
import { GatewayHarness } from '../testing/harness.js';
import { eventually } from '../testing/eventually.js';
import { casesFor, probe, reduced, type SweepCase } from './cases.js';
import { operationsOf, type Operation } from './openapi-operations.js';
import { SweepRunner, type Caller } from './sweep-runner.js';

/**
 * The bad-input sweep (issue 10): every operation of the OpenAPI document, with every kind of bad
 * input, unauthenticated, as the demo Owner, as an Agente and as the Owner of another workspace.
 * Fails on any 5xx, any error answer without `{ success:false, error, code }`, any event written by
 * a refused request (a 403's AccessDenied audit event aside), any of the demo workspace's data read
 * or changed from another workspace, and any operation of the document left unswept.
 */

const FOREIGN_WORKSPACE = 'outra-empresa-sweep';
/** Permissions an Agente holds (public and session calls need none). */
const AGENT_MAY = new Set(['public', 'session', 'conversations:own']);
/** Path parameters naming the demo workspace's own data: from another workspace they must not resolve. */
const OWNED_PARAMS = new Set([
  'conversationId',
  'messageId',
  'noteId',
  'emailId',
  'notificationId',
  'customerId',
  'sessionId',
  'cannedReplyId',
]);

interface Fixtures {
  ownerId: string;
  agentId: string;
  foreignId: string;
  memberId: string;
  chatId: string;
  /** The conversation assigned to the Owner (not the Agente's). */
  hiddenChatId: string;
  /** The idempotency key of a message sent in the hidden conversation. */
  usedClientMessageId: string;
  messageId: string;
  customerId: string;
  noteId: string;
  emailId: string;
  cannedReplyId: string;
  providerMessageId: string;
  /** A settings file to import. */
  importable: unknown;
  /** Texts only the demo workspace's data contains. */
  demoTexts: string[];
  /** Texts of a conversation assigned to the Owner (an Agente must never see them). */
  hiddenTexts: string[];
}

describe('bad-input sweep over the OpenAPI document', () => {
  let gw: GatewayHarness;
  let owner: Caller;
  let agent: Caller;
  let foreign: Caller;
  let fx: Fixtures;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    const tag = `zq${randomBytes(6).toString('hex')}`;
    const hiddenTag = `zh${randomBytes(6).toString('hex')}`;
    const ownerCookie = await gw.loginDemo();
    const ownerId = gw.atende.demo.ownerId;
    const agentId = 'sweep-agente';
    const foreignId = 'sweep-dono-outra';
    const memberId = 'sweep-membro';
    owner = { name: 'owner', cookie: ownerCookie, userId: ownerId };
    agent = { name: 'agent', cookie: await gw.signInAsNewMember(agentId, 'Agente'), userId: agentId };
    foreign = {
      name: 'foreign-owner',
      cookie: await gw.signInAsNewMember(foreignId, 'Owner', { workspaceId: FOREIGN_WORKSPACE }),
      userId: foreignId,
    };
    await gw.addMember({
      userId: memberId,
      email: `membro-${tag}@loja.com`,
      password: 'senha-boa-1',
      role: 'Supervisor',
      name: `Membro ${tag}`,
    });

    const call = async <T>(method: string, path: string, body?: unknown, cookie = ownerCookie) => {
      const res = await gw.request<T>(method, path, { cookie, ...(body !== undefined ? { body } : {}) });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const inbound = (from: string, name: string, text: string) =>
      call<{ conversationId: string; messageId: string }>('POST', '/api/sandbox/whatsapp/inbound', {
        sessionId: 'demo-sandbox',
        from,
        name,
        text,
      });

    // A conversation of the Agente, and one assigned to the Owner that the Agente must never see.
    const seen = await inbound('5511988881111', `Cliente ${tag}`, `Mensagem ${tag}`);
    const hidden = await inbound('5511977772222', `Cliente ${hiddenTag}`, `Mensagem ${hiddenTag}`);
    await eventually(async () =>
      (
        await gw.request('GET', `/api/whatsapp/messages/${encodeURIComponent(hidden.conversationId)}`, {
          cookie: ownerCookie,
        })
      ).status === 200
        ? true
        : undefined,
    );
    await call('POST', `/api/conversations/${encodeURIComponent(seen.conversationId)}/assign`, {
      assigneeId: agentId,
    });
    await call('POST', `/api/conversations/${encodeURIComponent(hidden.conversationId)}/assign`, {
      assigneeId: ownerId,
    });
    await call('POST', '/api/whatsapp/send', {
      conversationId: seen.conversationId,
      content: `Resposta ${tag}`,
    });
    const usedClientMessageId = randomUUID();
    await call('POST', '/api/whatsapp/send', {
      conversationId: hidden.conversationId,
      // Replies are the team's shared history (reply suggestions reuse them): no hidden marker here.
      content: 'Resposta na conversa do dono',
      clientMessageId: usedClientMessageId,
    });
    // Both replies reached the phone: the channel is quiet again.
    const outbox = await eventually(async () => {
      const res = await gw.request<{ messages: { providerMessageId: string }[] }>(
        'GET',
        '/api/sandbox/whatsapp/outbox?sessionId=demo-sandbox',
      );
      return res.body.messages.length >= 2 ? res.body.messages[0] : undefined;
    });
    const note = await call<{ note: { id: string } }>('POST', '/api/notes', {
      title: `Nota ${tag}`,
      content: `Conteúdo ${tag}`,
      reminder: new Date(Date.now() - 60_000).toISOString(),
    });
    const email = await call<{ email: { id: string } }>('POST', '/api/emails', {
      to: 'cliente@example.com',
      subject: `Email ${tag}`,
      content: `Conteúdo ${tag}`,
    });
    const cannedReply = await call<{ cannedReply: { id: string } }>('POST', '/api/canned-replies', {
      text: `Resposta pronta ${tag}`,
      category: 'support',
      keywords: `palavra ${tag}`,
    });
    // An exported settings file, with a company name of its own (not the demo's).
    const settings = (await call<{ settings: { company: Record<string, string> } }>('GET', '/api/settings'))
      .settings;
    const importable = { ...settings, company: { ...settings.company, name: 'Empresa Importada' } };
    fx = {
      ownerId,
      agentId,
      foreignId,
      memberId,
      chatId: seen.conversationId,
      hiddenChatId: hidden.conversationId,
      usedClientMessageId,
      messageId: seen.messageId,
      customerId: seen.conversationId.split('@')[0]!,
      noteId: note.note.id,
      emailId: email.email.id,
      cannedReplyId: cannedReply.cannedReply.id,
      providerMessageId: outbox.providerMessageId,
      importable,
      demoTexts: [tag, 'demo@atende.local', 'Minha Empresa'],
      hiddenTexts: [hiddenTag],
    };
  });
  afterAll(async () => gw?.stop());

  /** Real path values as the caller would use them (another workspace's owner uses the demo's). */
  function pathValues(op: Operation, caller: Caller): Record<string, string> {
    const values: Record<string, string> = {
      conversationId: fx.chatId,
      messageId: fx.messageId,
      noteId: fx.noteId,
      emailId: fx.emailId,
      cannedReplyId: fx.cannedReplyId,
      notificationId: `${fx.noteId}:1`,
      customerId: fx.customerId,
      sessionId: 'demo-sandbox',
      file: 'foto-sweep.jpg',
      type: 'whatsapp',
      userId: op.path.startsWith('/api/team/') ? fx.memberId : (caller.userId ?? fx.ownerId),
    };
    return Object.fromEntries(op.pathParams.map((p) => [p.name, values[p.name] ?? 'sweep-1']));
  }

  /** Bodies the server may accept (so the cases built on them reach the handlers). */
  function bodyOf(op: Operation): Record<string, unknown> | undefined {
    const bodies: Record<string, Record<string, unknown>> = {
      'POST /api/auth/login': { email: 'demo@atende.local', password: 'senha-errada-1' },
      'PUT /api/auth/me/theme': { theme: 'dark' },
      'POST /api/whatsapp/send': { conversationId: fx.chatId, content: 'Olá, tudo bem?' },
      'POST /api/whatsapp/connect': { phoneNumber: '5511966665555' },
      'POST /api/conversations/{conversationId}/assign': { assigneeId: fx.agentId },
      'POST /api/conversations/{conversationId}/transfer': { toAssigneeId: fx.agentId },
      'POST /api/conversations/{conversationId}/rate': { rating: 5 },
      'POST /api/notes': { title: 'Título', content: 'Conteúdo' },
      'PUT /api/notes/{noteId}': { title: 'Título', content: 'Conteúdo' },
      'POST /api/notes/{noteId}/reminder': { reminder: null },
      'PUT /api/notes/{noteId}/tags': { tags: 'a, b' },
      'POST /api/emails': { to: 'cliente@example.com', subject: 'Assunto', content: 'Conteúdo' },
      'POST /api/canned-replies': { text: 'Resposta pronta', category: 'other' },
      'PUT /api/canned-replies/{cannedReplyId}': { text: 'Resposta editada', category: 'support' },
      'POST /api/team': { name: 'Pessoa Nova', email: 'pessoa-nova@example.com' },
      'POST /api/settings/import': { settings: fx.importable },
      'PUT /api/integrations/{type}': { config: { 'Phone Number': '5511999990000' } },
      'POST /api/account/delete-data': { confirmation: 'nao-confirmo' },
      'POST /api/account/deactivate': { confirmation: 'nao-confirmo' },
      'POST /api/sandbox/whatsapp/scan': { sessionId: 'demo-sandbox' },
      'POST /api/sandbox/whatsapp/inbound': { sessionId: 'demo-sandbox', from: '5511955554444', text: 'Oi' },
      'POST /api/sandbox/whatsapp/ack': {
        sessionId: 'demo-sandbox',
        providerMessageId: fx.providerMessageId,
        status: 'read',
      },
    };
    return bodies[`${op.method} ${op.path}`];
  }

  /** Requests of one operation that are well-formed but must still be refused, and write nothing. */
  function specificOf(op: Operation, caller: Caller): { label: string; body: Record<string, unknown> }[] {
    switch (op.key) {
      case 'POST /api/whatsapp/send':
        return [
          // The idempotency key of a message of another conversation: refused, not a second message.
          {
            label: 'clientMessageId-of-another-conversation',
            body: { conversationId: fx.chatId, content: 'De novo', clientMessageId: fx.usedClientMessageId },
          },
          { label: 'blank-content', body: { conversationId: fx.chatId, content: ' \n\t ' } },
          // Someone else's conversation, for an Agente.
          ...(caller.name === 'agent'
            ? [{ label: 'hidden-conversation', body: { conversationId: fx.hiddenChatId, content: 'Oi' } }]
            : []),
        ];
      case 'POST /api/team':
        return [
          // (Another company's account may join as it is: one account per e-mail, several companies.)
          {
            label: 'email-of-a-member',
            body: {
              name: 'Outro',
              email: `${caller.name === 'foreign-owner' ? fx.foreignId : fx.agentId}@loja.com`,
            },
          },
          { label: 'blank-name', body: { name: '   ', email: 'nome-em-branco@example.com' } },
        ];
      case 'PUT /api/team/{userId}':
        return [
          { label: 'email-of-another-member', body: { name: 'Novo Nome', email: `${fx.agentId}@loja.com` } },
          { label: 'email-of-another-workspace', body: { email: `${fx.foreignId}@loja.com` } },
        ];
      case 'POST /api/notes/{noteId}/reminder':
        return [
          { label: 'impossible-date', body: { reminder: '2025-02-30 10:00' } },
          { label: 'no-offset', body: { reminder: '2025-01-01T10:00:00' } },
        ];
      case 'PUT /api/integrations/{type}':
        return [{ label: 'masked-secret', body: { config: { 'API Token': '••••abcd' } } }];
      case 'POST /api/emails':
        return [
          {
            label: 'reply-to-unknown',
            body: { to: 'a@example.com', subject: 'Re', content: 'x', inReplyTo: 'nao-existe' },
          },
        ];
      default:
        return [];
    }
  }

  function queryOf(op: Operation): Record<string, string> | undefined {
    return op.path === '/api/sandbox/whatsapp/outbox' ? { sessionId: 'demo-sandbox' } : undefined;
  }

  /**
   * The sandbox phone's calls first, while the channel is quiet (their events carry no request id);
   * data changes last: deletions, then the account's danger zone.
   */
  function order(ops: Operation[]): Operation[] {
    // Settings changes late: a case may turn the workspace's two-factor requirement on, and then
    // every member not enrolled is refused (the cases after it would not reach their handlers).
    const settingsWrite = (op: Operation) => op.path.startsWith('/api/settings') && op.method !== 'GET';
    const rank = (op: Operation) =>
      op.path.startsWith('/api/sandbox/')
        ? -1
        : op.path.startsWith('/api/account/')
          ? 3
          : settingsWrite(op)
            ? 2
            : op.method === 'DELETE'
              ? 1
              : 0;
    return [...ops].sort((a, b) => rank(a) - rank(b));
  }

  it('answers every bad request of every operation with a 4xx error shape, never a 5xx, and writes nothing', async () => {
    const started = Date.now();
    const document = (await gw.request('GET', '/api/openapi.json')).body;
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(0);
    const runner = new SweepRunner(gw, gw.atende.demo.workspaceId);
    await runner.settle(200);

    const timings: string[] = [];
    for (const op of order(operations)) {
      const opStarted = Date.now();
      const sentBefore = runner.sent;
      const isPublic = op.permission === 'public';
      // Logging out ends the session it is sent with: each caller uses a session of its own there.
      const logout = op.key === 'POST /api/auth/logout';
      const callers: Caller[] = [
        { name: 'anonymous' },
        logout ? { ...foreign, cookie: await gw.login(`${fx.foreignId}@loja.com`, 'senha-boa-1') } : foreign,
        logout ? { ...agent, cookie: await gw.login(`${fx.agentId}@loja.com`, 'senha-boa-1') } : agent,
        logout ? { ...owner, cookie: await gw.loginDemo() } : owner,
      ];
      for (const caller of callers) {
        const others = [fx.ownerId, fx.agentId, fx.foreignId].filter((id) => id !== caller.userId);
        const all = casesFor(op, {
          pathValues: pathValues(op, caller),
          ...(bodyOf(op) ? { body: bodyOf(op)! } : {}),
          ...(queryOf(op) ? { query: queryOf(op)! } : {}),
          otherUserIds: caller.userId ? others.slice(0, 2) : [],
          foreignUserIds:
            caller.name === 'foreign-owner' ? [fx.ownerId, 'nao-existe'] : [fx.foreignId, 'nao-existe'],
          specific: specificOf(op, caller),
        });
        const anonymous = caller.name === 'anonymous';
        const crossWorkspace = caller.name === 'foreign-owner';
        const permitted =
          isPublic || (!anonymous && (caller.name !== 'agent' || AGENT_MAY.has(op.permission)));
        // Turned away before the input is read: a few cases show it. Same code path as the Owner's: fewer.
        const cases: SweepCase[] = !permitted
          ? probe(all)
          : isPublic
            ? anonymous
              ? all
              : probe(all)
            : caller.name === 'owner'
              ? all
              : reduced(all);
        const namesDemoData =
          crossWorkspace &&
          (op.pathParams.some((p) => OWNED_PARAMS.has(p.name) || op.path.startsWith('/api/team/')) ||
            op.key === 'POST /api/whatsapp/send');
        for (const c of cases) {
          await runner.run(op.key, caller, c, {
            mustRefuse: c.mustRefuse || (!c.otherRoute && (!permitted || (namesDemoData && !isPublic))),
            crossWorkspace: crossWorkspace && !isPublic,
            writesThroughChannel: op.path.startsWith('/api/sandbox/'),
            // Public calls (the sandbox phone) answer everyone alike: nothing to tell callers apart.
            forbiddenTexts: isPublic
              ? []
              : crossWorkspace
                ? [...fx.demoTexts, ...fx.hiddenTexts]
                : caller.name === 'agent'
                  ? fx.hiddenTexts
                  : [],
          });
        }
      }
      timings.push(`${op.key}: ${runner.sent - sentBefore} in ${Date.now() - opStarted} ms`);
    }
    await runner.settle();
    if (process.env.SWEEP_VERBOSE) console.log(timings.join('\n'));

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const statuses = [...runner.statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.log(
      `bad-input sweep: ${runner.casesPerOperation.size}/${operations.length} operations, ` +
        `${runner.sent} requests in ${seconds} s (${statuses.join(' ')}); ${runner.problems.length} problems`,
    );
    // Every operation of the document, new ones included, answered every caller.
    const uncovered = operations
      .flatMap((op) => ['anonymous', 'foreign-owner', 'agent', 'owner'].map((who) => `${op.key} as ${who}`))
      .filter((pair) => !runner.answeredFor.has(pair));
    expect(uncovered).toEqual([]);
    if (runner.problems.length > 0) throw new Error(`sweep problems:\n${runner.report()}`);
  }, 300_000);
});
