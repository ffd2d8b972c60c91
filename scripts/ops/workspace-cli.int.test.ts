import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { loadConfig } from '@atende/config';
import { startEmbedded, type EmbeddedAtende } from '@atende/gateway';

const scripts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function workspaceCli(args: string[], dataDir: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(scripts, 'workspace.ts'), ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** What `create` printed: the new id and the one-time password (on the line that says "senha"). */
function created(run: Run): { id: string; password: string | undefined } {
  expect(run).toMatchObject({ code: 0, stderr: '' });
  const id = /^id: (\S+)$/m.exec(run.stdout)?.[1];
  expect(id).toBeDefined();
  return { id: id!, password: /senha[^:]*: (\S+)$/m.exec(run.stdout)?.[1] };
}

async function start(dir: string): Promise<EmbeddedAtende> {
  return startEmbedded(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir }),
    pino({ level: 'silent' }),
  );
}

/** Signs in; a one-time password asks for a new one, which `newPassword` sets. */
async function signIn(atende: EmbeddedAtende, email: string, password: string, newPassword?: string) {
  const res = await fetch(`${atende.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, ...(newPassword ? { newPassword } : {}) }),
  });
  const body = (await res.json()) as { user?: { company: string; role: string; workspaceId: string } };
  return { status: res.status, user: body.user, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

async function billing(atende: EmbeddedAtende, cookie: string) {
  const res = await fetch(`${atende.url}/api/billing`, { headers: { cookie } });
  return ((await res.json()) as { billing: { plan: string | null; status: string } }).billing;
}

/** An operator error: exit code 2 and one pt-BR line, no stack trace. */
function expectOperatorError(run: Run, pattern: RegExp): void {
  expect(run.code).toBe(2);
  expect(run.stderr).toMatch(pattern);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(/^erro: /);
}

describe('npm run workspace (hosting several companies)', () => {
  let dir: string;
  let atende: EmbeddedAtende | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-workspace-cli-'));
    atende = await start(dir);
  });
  afterAll(async () => {
    await atende?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a company on a running deployment: its Owner signs in at once with the printed password', async () => {
    const run = await workspaceCli(
      [
        'create',
        '--name',
        'Padaria Pão Quente',
        '--owner-email',
        'Dono@Padaria.com.br',
        '--owner-name',
        'Seu Zé',
      ],
      dir,
    );
    const { id, password } = created(run);
    expect(run.stdout).toContain('teste gratuito de 7 dias');
    expect(password).toMatch(/^[\w-]{16}$/);
    // The printed password is a one-time one: the Owner sets their own at the first sign-in.
    expect((await signIn(atende!, 'dono@padaria.com.br', password!)).status).toBe(403);
    const signedIn = await signIn(atende!, 'dono@padaria.com.br', password!, 'senha-do-dono-1');
    expect(signedIn).toMatchObject({
      status: 200,
      user: { company: 'Padaria Pão Quente', role: 'Owner', workspaceId: id },
    });
    expect(await billing(atende!, signedIn.cookie)).toMatchObject({ plan: null, status: 'trial' });

    // set-plan, seen by the running deployment.
    const plan = await workspaceCli(['set-plan', '--id', id, '--plan', 'starter'], dir);
    expect(plan).toMatchObject({ code: 0, stderr: '' });
    expect(plan.stdout).toContain('Starter');
    await atende!.projector.waitForPosition(await atende!.store.lastGlobalPosition(), 5000);
    expect(await billing(atende!, signedIn.cookie)).toMatchObject({ plan: 'starter', status: 'subscribed' });

    const list = await workspaceCli(['list'], dir);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^id\s+empresa\s+plano\s+fim do teste\s+membros\s+conversas \(mês\)$/m);
    expect(list.stdout).toMatch(
      new RegExp(`^${id}\\s+Padaria Pão Quente\\s+Starter\\s+\\d{4}-\\d{2}-\\d{2}\\s+1\\s+0$`, 'm'),
    );
    expect(list.stdout).toMatch(/^minha-empresa\s+Minha Empresa\s+Enterprise\s+/m);
    expect(list.stdout).toContain('2 empresa(s)');
  }, 90_000); // each command is a new Node process (several seconds on a loaded machine)

  it('refuses what the operator got wrong with one line and exit code 2, writing nothing', async () => {
    const before = await atende!.store.lastGlobalPosition();
    expectOperatorError(
      await workspaceCli(['create', '--owner-email', 'a@b.com'], dir),
      /--name é obrigatório/,
    );
    expectOperatorError(
      await workspaceCli(['create', '--name', 'X', '--owner-email', 'a@b.com', '--plan', 'ouro'], dir),
      /plano desconhecido "ouro"/,
    );
    expectOperatorError(
      await workspaceCli(['create', '--name', 'X', '--owner-email', 'nao-e-email'], dir),
      /Email inválido/,
    );
    expectOperatorError(
      await workspaceCli(['create', '--name', 'x'.repeat(121), '--owner-email', 'a@b.com'], dir),
      /Nome da empresa deve ter no máximo 120 caracteres/,
    );
    expectOperatorError(
      await workspaceCli(['set-plan', '--id', 'nao-existe', '--plan', 'starter'], dir),
      /empresa não encontrada/,
    );
    expectOperatorError(await workspaceCli(['renomear'], dir), /uso: npm run workspace/);
    expectOperatorError(await workspaceCli(['list', '--cor', 'azul'], dir), /cor/);
    expect(await atende!.store.lastGlobalPosition()).toBe(before);
  }, 90_000);

  it('works on a stopped deployment too, and an existing account becomes Owner with its own password', async () => {
    await atende!.stop();
    atende = undefined;
    const first = created(
      await workspaceCli(
        [
          'create',
          '--name',
          'Mercadinho Bom Preço',
          '--owner-email',
          'maria@mercadinho.com',
          '--plan',
          'professional',
        ],
        dir,
      ),
    );
    // The same person opens a second shop: no new account, no password printed.
    const second = await workspaceCli(
      ['create', '--name', 'Mercadinho Filial', '--owner-email', 'maria@mercadinho.com'],
      dir,
    );
    const { id: filial, password: none } = created(second);
    expect(none).toBeUndefined();
    expect(second.stdout).toContain('já tem conta');
    expect(second.stdout).not.toMatch(/senha provisória/);

    atende = await start(dir);
    const signedIn = await signIn(atende, 'maria@mercadinho.com', first.password!, 'senha-da-maria');
    expect(signedIn.status).toBe(200);
    const me = await fetch(`${atende.url}/api/auth/me`, { headers: { cookie: signedIn.cookie } });
    const { user } = (await me.json()) as {
      user: { workspaces: { id: string; name: string; role: string }[] };
    };
    expect(user.workspaces).toEqual([
      { id: first.id, name: 'Mercadinho Bom Preço', role: 'Owner' },
      { id: filial, name: 'Mercadinho Filial', role: 'Owner' },
    ]);
    expect(await billing(atende, signedIn.cookie)).toMatchObject({ plan: 'professional' });
  }, 90_000);
});
