import type { Logger } from 'pino';
import { z } from 'zod';
import { ConfigError, securePrivateDataDir, type AtendeConfig } from '@atende/config';
import { ROLES, planRole, type Role } from './plan/role-plan.js';
import { closeInOrder, type RoleHandle } from './roles/role-handle.js';

export const roleOption = z.enum(['all', ...ROLES], {
  error: () => `--role precisa ser all, ${ROLES.join(', ')}`,
});
export type RoleOption = z.infer<typeof roleOption>;

/**
 * The roles a process runs: embedded mode is one process with everything (SQLite, no servers), so a
 * single role there is a mistake worth stopping for; a multi-host deployment runs any of them.
 */
export function rolesToStart(config: AtendeConfig, role: RoleOption): Role[] | 'embedded' {
  if (config.ATENDE_MODE === 'embedded') {
    if (role !== 'all') {
      throw new ConfigError(
        `Configuração inválida:\n  --role ${role} exige ATENDE_MODE=distributed (o modo embutido roda tudo num processo)`,
      );
    }
    if (config.EVENTSTORE_URL) {
      throw new ConfigError(
        'Configuração inválida:\n  EVENTSTORE_URL exige ATENDE_MODE=distributed (o modo embutido usa o SQLite em DATA_DIR)',
      );
    }
    return 'embedded';
  }
  return role === 'all' ? [...ROLES] : [role];
}

/**
 * Starts what the configuration and `--role` say (the one composition root). The gateway first (it
 * makes the first company), then the log's followers. `onFatal` ends the process when a role can no
 * longer run (its lease lost: another instance may run it now).
 */
export async function startServer(
  config: AtendeConfig,
  role: RoleOption,
  logger: Logger,
  onFatal: (error: Error) => void,
): Promise<RoleHandle> {
  const roles = rolesToStart(config, role);
  // Each role's modules load only when it runs: the embedded product starts without Kafka's or
  // the distributed roles' code (a restart after a crash is that much quicker).
  if (roles === 'embedded') {
    const { startEmbeddedProduct } = await import('./roles/embedded-role.js');
    return await startEmbeddedProduct(config, logger);
  }
  securePrivateDataDir(config.dataDir);
  const started: RoleHandle[] = [];
  const stopAll = () => closeInOrder([...started].reverse().map((handle) => () => handle.stop()));
  try {
    for (const name of roles) {
      const plan = planRole(config, name);
      const roleLogger = logger.child({ role: name });
      started.push(
        plan.role === 'gateway'
          ? await (await import('./roles/gateway-role.js')).startGatewayRole(plan, roleLogger)
          : plan.role === 'projector'
            ? await (await import('./roles/projector-role.js')).startProjectorRole(plan, roleLogger, onFatal)
            : await (await import('./roles/channel-worker-role.js')).startChannelWorkerRole(plan, roleLogger),
      );
    }
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }
  return { stop: stopAll };
}
