/**
 * npm run keys -- rotate-master
 * Replaces the master key: every data key is wrapped again with a new one (the data itself is not
 * touched). Run it with Atende stopped: a running process would go on wrapping new keys with the old one.
 */
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MASTER_KEY_FILE, MasterKey } from '@atende/event-store';
import { OPS_SOCKET_NAME, opsServerRunning } from '@atende/projector';
import { CliError, runCli } from './ops/cli-error.js';
import { openKeysForOps, opsConfig } from './ops/open.js';

const USAGE = 'uso: npm run keys -- rotate-master';

runCli(async () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1 || positionals[0] !== 'rotate-master') throw new CliError(USAGE);
  const config = opsConfig();
  if (await opsServerRunning(path.join(config.dataDir, OPS_SOCKET_NAME))) {
    throw new CliError(
      `pare o Atende antes de trocar a chave mestra (ele está rodando em ${config.dataDir})`,
    );
  }
  const keys = openKeysForOps(config);
  const next = MasterKey.random();
  try {
    if (config.ATENDE_MASTER_KEY) {
      const count = await keys.cipher.keys.rewrap(next);
      console.log(`${count} chaves de dados cifradas de novo com a nova chave mestra.`);
      console.log(`Defina ATENDE_MASTER_KEY=${next.toString()} em todos os processos antes de iniciá-los.`);
      return;
    }
    // The new key is on disk before any data key depends on it; it replaces the old file at the end.
    const file = keys.masterFile ?? path.join(config.dataDir, MASTER_KEY_FILE);
    const pending = `${file}.nova`;
    writeFileSync(pending, `${next.toString()}\n`, { mode: 0o600 });
    const count = await keys.cipher.keys.rewrap(next);
    renameSync(pending, file);
    console.log(`${count} chaves de dados cifradas de novo; nova chave mestra em ${file}.`);
    console.log('Guarde uma cópia dela longe dos backups dos dados; a anterior não abre mais nada.');
  } finally {
    await keys.cipher.keys.close();
  }
});
