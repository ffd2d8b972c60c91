import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '@atende/config';
import {
  atendeRegistry,
  handleCommand,
  memberDecider,
  streams,
  userDecider,
  workspaceDecider,
  type MemberRole,
  type PlanName,
} from '@atende/events';
import { roomyAllowance } from '@atende/events/testing';
import type { LoginLimits } from '../auth/login-throttle.js';
import { hashPassword } from '../auth/password.js';
import { provisionWorkspace } from '../bootstrap/provision-workspace.js';
import { seedDefaultCannedReplies } from '../bootstrap/seed-canned-replies.js';
import { startEmbedded, type EmbeddedAtende } from '../embedded/start-embedded.js';

export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** A real embedded Atende on a temporary data folder, and an HTTP client with a cookie jar per user. */
export class GatewayHarness {
  private constructor(
    readonly atende: EmbeddedAtende,
    private readonly dir: string,
  ) {}

  static async start(
    options: {
      loginLimits?: LoginLimits;
      env?: Record<string, string>;
      /** false: no live WhatsApp channel (the test drives sessions through the domain). */
      channel?: boolean;
      /** true: e-mails go out through the workspace's Email integration (off: only what is recorded). */
      email?: boolean;
      auditBurstWindowMs?: number;
    } = {},
  ) {
    const dir = mkdtempSync(path.join(tmpdir(), 'atende-gw-'));
    const atende = await startEmbedded(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent', ...options.env }),
      pino({ level: 'silent' }),
      {
        loginLimits: { perAccountAddress: 1000, perAddress: 1000, delayAfter: 1000, ...options.loginLimits },
        ...(options.channel === false ? { channel: false } : {}),
        email: options.email === true,
        ...(options.auditBurstWindowMs !== undefined
          ? { auditBurstWindowMs: options.auditBurstWindowMs }
          : {}),
      },
    );
    return new GatewayHarness(atende, dir);
  }

  get url(): string {
    return this.atende.url;
  }

  /** The temporary DATA_DIR. */
  get dataDir(): string {
    return this.dir;
  }

  async stop(): Promise<void> {
    await this.atende.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Sends a request; `body` as an object is JSON, as a string is sent raw (for malformed JSON). */
  async request<T = Record<string, unknown>>(
    method: string,
    pathname: string,
    options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    // The sandbox phone's calls carry its token, as the README's curl examples do.
    if (pathname.startsWith('/api/sandbox/') && this.atende.sandboxToken && !('x-sandbox-token' in headers)) {
      headers['x-sandbox-token'] = this.atende.sandboxToken;
    }
    // As the web client: every call says it is the application's (same-site forgery guard).
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'x-requested-with')) {
      headers['x-requested-with'] = 'XMLHttpRequest';
    }
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const res = await fetch(`${this.url}${pathname}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON (e.g. /metrics) */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** Signs in and returns the session cookie (`name=value`). */
  async login(email: string, password: string): Promise<string> {
    const res = await this.request('POST', '/api/auth/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  }

  /**
   * The first sign-in with a one-time password: the server asks for a new one (403
   * PASSWORD_CHANGE_REQUIRED), which is then sent along; returns the cookie.
   */
  async loginFirstTime(
    email: string,
    oneTimePassword: string,
    newPassword = 'senha-nova-1',
  ): Promise<string> {
    const asked = await this.request<{ code?: string }>('POST', '/api/auth/login', {
      body: { email, password: oneTimePassword },
    });
    if (asked.status !== 403 || asked.body.code !== 'PASSWORD_CHANGE_REQUIRED') {
      throw new Error(`expected PASSWORD_CHANGE_REQUIRED: ${asked.status} ${JSON.stringify(asked.body)}`);
    }
    const res = await this.request('POST', '/api/auth/login', {
      body: { email, password: oneTimePassword, newPassword },
    });
    if (res.status !== 200) throw new Error(`first login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  }

  async loginDemo(): Promise<string> {
    return this.login('demo@atende.local', 'demo1234');
  }

  /**
   * Creates an account and makes it a member of a workspace (creating the workspace, with its default
   * canned replies, when new).
   */
  async addMember(options: {
    workspaceId?: string;
    userId: string;
    email: string;
    password: string;
    role: MemberRole;
    name?: string;
    status?: 'active' | 'inactive';
  }): Promise<void> {
    const deps = { store: this.atende.store, registry: atendeRegistry };
    const workspaceId = options.workspaceId ?? this.atende.demo.workspaceId;
    const context = { workspaceId, actorId: 'test' };
    if ((await this.atende.store.readStream(streams.workspace(workspaceId))).length === 0) {
      await handleCommand(
        deps,
        workspaceDecider,
        streams.workspace(workspaceId),
        {
          type: 'CreateWorkspace',
          data: {
            workspaceId,
            name: `Empresa ${workspaceId}`,
            ownerId: options.userId,
            trialStartedAt: new Date().toISOString(),
          },
        },
        context,
      );
      // As a real new workspace: it starts with Atende's default canned replies.
      await seedDefaultCannedReplies(deps, workspaceId, context);
    }
    // One account per person: an existing one (a member of another company) joins as it is.
    const known = (await this.atende.store.readStream(streams.user(options.userId))).length > 0;
    if (!known)
      await handleCommand(
        deps,
        userDecider,
        streams.user(options.userId),
        {
          type: 'RegisterUser',
          data: {
            userId: options.userId,
            email: options.email,
            name: options.name ?? options.userId,
            authProvider: 'local',
            passwordHash: await hashPassword(options.password),
          },
        },
        context,
      );
    const result = await handleCommand(
      deps,
      memberDecider,
      streams.member(workspaceId, options.userId),
      {
        type: 'AddMember',
        data: {
          workspaceId,
          userId: options.userId,
          name: options.name ?? options.userId,
          email: options.email,
          role: options.role,
          status: options.status ?? 'active',
          // Straight to the log, past any plan (the plan rules have tests of their own).
          seats: roomyAllowance(),
        },
      },
      context,
    );
    await this.atende.projector.waitForPosition(Math.max(...result.globalPositions));
  }

  /**
   * Creates an account `{userId}@loja.com` (password 'senha-boa-1') that is a member with `role`,
   * signs it in and returns the cookie.
   */
  async signInAsNewMember(
    userId: string,
    role: MemberRole,
    options: { workspaceId?: string; name?: string; email?: string } = {},
  ): Promise<string> {
    const email = options.email ?? `${userId}@loja.com`;
    await this.addMember({
      userId,
      email,
      password: 'senha-boa-1',
      role,
      ...(options.workspaceId ? { workspaceId: options.workspaceId } : {}),
      ...(options.name ? { name: options.name } : {}),
    });
    return this.login(email, 'senha-boa-1');
  }

  /**
   * A company made as the host's ops command makes it (provisionWorkspace), signed in as its Owner
   * (password 'senha-boa-1'); `now` back-dates its trial.
   */
  async createCompany(options: {
    name: string;
    ownerEmail: string;
    plan?: PlanName;
    now?: Date;
  }): Promise<{ workspaceId: string; ownerId: string; cookie: string }> {
    const created = await provisionWorkspace(this.atende.store, {
      companyName: options.name,
      owner: { email: options.ownerEmail, name: options.name, password: 'senha-boa-1' },
      plan: options.plan ?? null,
      actorId: 'test',
      ...(options.now ? { now: options.now } : {}),
    });
    await this.atende.projector.waitForPosition(await this.lastPosition());
    return {
      workspaceId: created.workspaceId,
      ownerId: created.ownerId,
      cookie: await this.login(options.ownerEmail, 'senha-boa-1'),
    };
  }

  /**
   * Connects a sandbox WhatsApp session for the signed-in Owner's workspace and answers its id (the
   * sandbox phone scans the QR, as in the demo).
   */
  async connectSandboxSession(cookie: string, phoneNumber: string): Promise<string> {
    const res = await this.request<{ sessionId: string }>('POST', '/api/whatsapp/connect', {
      cookie,
      body: { phoneNumber },
    });
    if (res.status !== 200) throw new Error(`connect failed: ${res.status} ${JSON.stringify(res.body)}`);
    const scan = await this.request('POST', '/api/sandbox/whatsapp/scan', {
      body: { sessionId: res.body.sessionId },
    });
    if (scan.status !== 200) throw new Error(`scan failed: ${scan.status} ${JSON.stringify(scan.body)}`);
    return res.body.sessionId;
  }

  /** Events of a stream (to check what a request wrote, or did not). */
  async streamTypes(streamId: string): Promise<string[]> {
    return (await this.atende.store.readStream(streamId)).map((e) => e.type);
  }

  async lastPosition(): Promise<number> {
    return this.atende.store.lastGlobalPosition();
  }
}
