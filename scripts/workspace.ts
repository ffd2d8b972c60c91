/**
 * npm run workspace -- create --name "…" --owner-email … [--owner-name "…"] [--plan starter|professional|enterprise]
 *                    | list | set-plan --id … --plan …
 * Hosting several companies: creates a company (a workspace on its 7-day trial, or on a plan) with its
 * Owner, lists them with their plan and usage, and moves one to a plan. It writes to the event log, so
 * it works on a running deployment (which follows the log) and on a stopped one.
 */
import { parseArgs } from 'node:util';
import {
  DomainError,
  atendeRegistry,
  handleCommand,
  isPlanName,
  planLabels,
  planNames,
  streams,
  workspaceDecider,
  type AtendeEvent,
  type EventStore,
  type PlanName,
  type StoredEvent,
} from '@atende/events';
// Only the provisioning module: the gateway's index would load its whole server at every command.
import { provisionWorkspace } from '@atende/gateway';
import { CliError, runCli } from './ops/cli-error.js';
import { openSharedStoreForOps, opsConfig } from './ops/open.js';
import { DirectoryFold, type Directory } from './ops/workspace-directory.js';

const USAGE =
  'uso: npm run workspace -- create --name "Nome da Empresa" --owner-email dono@empresa.com.br ' +
  '[--owner-name "Nome"] [--plan starter|professional|enterprise] | list | set-plan --id ID --plan PLANO';

async function readDirectory(store: EventStore, now: Date): Promise<Directory> {
  const fold = new DirectoryFold(now);
  for await (const page of store.readPages(1, 5000, { trusted: true })) {
    for (const event of page) fold.apply(event as StoredEvent<AtendeEvent>);
  }
  return fold.result();
}

function requirePlan(value: string | undefined): PlanName | undefined {
  if (value === undefined) return undefined;
  if (!isPlanName(value)) throw new CliError(`plano desconhecido "${value}" (use ${planNames.join(', ')})`);
  return value;
}

function required(value: string | undefined, flag: string): string {
  if (value === undefined || !value.trim()) throw new CliError(`${flag} é obrigatório. ${USAGE}`);
  return value.trim();
}

/** Domain rules broken by what the operator typed are operator errors (one line, exit 2). */
async function asOperatorError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError) throw new CliError(error.message);
    throw error;
  }
}

async function create(store: EventStore, values: Record<string, string | undefined>): Promise<void> {
  const name = required(values.name, '--name');
  const email = required(values['owner-email'], '--owner-email').toLowerCase();
  const plan = requirePlan(values.plan);
  const directory = await readDirectory(store, new Date());
  const existingOwnerId = directory.accounts.get(email);
  if (existingOwnerId && directory.deactivatedAccounts.has(existingOwnerId)) {
    throw new CliError(`a conta de ${email} foi desativada e não pode ser dona de uma empresa`);
  }
  const created = await asOperatorError(() =>
    provisionWorkspace(store, {
      companyName: name,
      owner: { email, name: values['owner-name']?.trim() || email.split('@')[0]! },
      plan: plan ?? null,
      actorId: 'ops',
      ...(existingOwnerId ? { existingOwnerId } : {}),
    }),
  );
  console.log(`Empresa criada: ${name}`);
  console.log(`id: ${created.workspaceId}`);
  console.log(
    plan
      ? `plano: ${planLabels[plan]}`
      : `plano: teste gratuito de 7 dias (limites do ${planLabels.professional})`,
  );
  console.log(`dono: ${email}`);
  if (created.oneTimePassword) {
    console.log(`senha provisória (mostrada só agora): ${created.oneTimePassword}`);
  } else {
    console.log('o dono já tem conta no Atende: entra com a senha que já usa e troca de empresa no menu');
  }
}

async function list(store: EventStore): Promise<void> {
  const now = new Date();
  const { workspaces } = await readDirectory(store, now);
  const rows = workspaces.map((w) => [
    w.id,
    w.name,
    w.plan ? planLabels[w.plan] : w.status === 'trial' ? 'teste' : 'teste encerrado',
    w.trialEndsAt.slice(0, 10),
    String(w.activeMembers),
    String(w.conversationsThisMonth),
  ]);
  const header = ['id', 'empresa', 'plano', 'fim do teste', 'membros', 'conversas (mês)'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(`\n${workspaces.length} empresa(s)`);
}

async function setPlan(store: EventStore, values: Record<string, string | undefined>): Promise<void> {
  const id = required(values.id, '--id');
  const plan = requirePlan(required(values.plan, '--plan'))!;
  const history = await store.readStream(streams.workspace(id));
  if (history.length === 0) throw new CliError(`empresa não encontrada: ${id}`);
  const result = await asOperatorError(() =>
    handleCommand(
      { store, registry: atendeRegistry },
      workspaceDecider,
      streams.workspace(id),
      { type: 'ChangePlan', data: { plan } },
      { workspaceId: id, actorId: 'ops' },
    ),
  );
  console.log(
    result.events.length > 0
      ? `Plano de ${id} agora é ${planLabels[plan]}`
      : `${id} já está no plano ${planLabels[plan]}`,
  );
}

runCli(async () => {
  const { positionals, values } = (() => {
    try {
      return parseArgs({
        allowPositionals: true,
        options: {
          name: { type: 'string' },
          'owner-email': { type: 'string' },
          'owner-name': { type: 'string' },
          plan: { type: 'string' },
          id: { type: 'string' },
        },
      });
    } catch (error) {
      throw new CliError(`${(error as Error).message}. ${USAGE}`);
    }
  })();
  const command = positionals[0];
  if (!command || !['create', 'list', 'set-plan'].includes(command)) throw new CliError(USAGE);
  const store = openSharedStoreForOps(opsConfig());
  try {
    if (command === 'create') await create(store, values);
    else if (command === 'list') await list(store);
    else await setPlan(store, values);
  } finally {
    await store.close();
  }
});
