import path from 'node:path';
import type { Logger } from 'pino';
import type { AtendeConfig } from '@atende/config';
import { SANDBOX_TOKEN_FILE, startEmbedded } from '@atende/gateway';
import type { RoleHandle } from './role-handle.js';

/** The embedded product: every role in this process on SQLite, with its first-start messages. */
export async function startEmbeddedProduct(config: AtendeConfig, logger: Logger): Promise<RoleHandle> {
  const atende = await startEmbedded(config, logger);
  logger.info({ url: atende.url, dataDir: config.dataDir }, `Atende rodando em ${atende.url}`);
  if (atende.demo.deletedAt) {
    logger.warn(
      `Os dados de "${atende.demo.workspaceName}" foram excluídos em ${atende.demo.deletedAt}. ` +
        `Para começar de novo, pare o Atende e apague a pasta de dados (${config.dataDir}).`,
    );
  }
  if (atende.demo.created) {
    logger.info(`Empresa "${atende.demo.workspaceName}" criada.`);
  }
  if (atende.demo.demoCredentials) {
    const { email, password } = atende.demo.demoCredentials;
    logger.info(`Login de demonstração: ${email} / ${password}`);
  }
  if (atende.sandboxToken) {
    // The demo prints its token with its login; a deployment that asked for the sandbox says where it is.
    const token = atende.demo.demoCredentials
      ? atende.sandboxToken
      : config.ATENDE_SANDBOX_TOKEN
        ? '(ATENDE_SANDBOX_TOKEN)'
        : `(em ${path.join(config.dataDir, SANDBOX_TOKEN_FILE)})`;
    logger.warn(
      `Sandbox do WhatsApp LIGADO: um telefone simulado, controlado em ${atende.url}/api/sandbox/whatsapp/* ` +
        `com o cabeçalho x-sandbox-token: ${token}`,
    );
  }
  if (atende.demo.sandboxSessionId && atende.sandboxToken) {
    logger.info(
      `WhatsApp de demonstração conectado (sandbox, sessão ${atende.demo.sandboxSessionId}): simule um cliente com ` +
        `curl -X POST ${atende.url}/api/sandbox/whatsapp/inbound -H 'content-type: application/json' ` +
        `-H 'x-sandbox-token: ${atende.demo.demoCredentials ? atende.sandboxToken : '…'}' ` +
        `-d '{"sessionId":"${atende.demo.sandboxSessionId}","from":"5511988887777","text":"Olá!"}'`,
    );
  }
  return { stop: () => atende.stop() };
}
