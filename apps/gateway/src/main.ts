import { pino } from 'pino';
import { ConfigError, loadConfig } from '@atende/config';
import path from 'node:path';
import { startEmbedded } from './embedded/start-embedded.js';
import { SANDBOX_TOKEN_FILE } from './routes/sandbox/sandbox-token.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
const logger = pino({ level: config.LOG_LEVEL, name: 'atende' });

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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    logger.info({ signal }, 'encerrando');
    atende.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'erro ao encerrar');
        process.exit(1);
      },
    );
  });
}
