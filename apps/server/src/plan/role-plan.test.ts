import { loadConfig } from '@atende/config';
import { ROLES, keyStorePlan, planRole, type Role, type RolePlan } from './role-plan.js';

const BASE = { ATENDE_MODE: 'distributed', DATA_DIR: '/srv/atende' };
const plan = (env: Record<string, string>, role: Role): RolePlan =>
  planRole(loadConfig({ ...BASE, ...env }, '/'), role, 'host-a');

/**
 * Every setting a multi-host role reads, the value to set it to, and the roles that must honour it.
 * A role not listed must not change (it does not use the setting); a listed one must change and
 * carry the value somewhere in its plan.
 */
const SETTINGS: [name: string, value: string, roles: readonly Role[]][] = [
  ['EVENTSTORE_URL', 'postgres://atende@db.internal:5432/atende', ROLES],
  ['REDIS_URL', 'redis://cache.internal:6380', ROLES],
  ['KAFKA_BROKERS', 'kafka-1.internal:9092', ROLES],
  ['ATENDE_REDIS_PREFIX', 'cliente-b:', ROLES],
  ['ATENDE_KAFKA_TOPIC', 'cliente-b.events', ROLES],
  ['DATA_DIR', '/var/lib/atende-b', ROLES],
  ['ATENDE_MASTER_KEY', 'A'.repeat(43), ROLES],
  ['SQLITE_SYNCHRONOUS', 'normal', ROLES],
  ['PORT', '4123', ['gateway']],
  ['HOST', '10.0.0.7', ['gateway', 'channel-worker']],
  ['WEB_ORIGIN', 'https://app.empresa.com.br', ['gateway']],
  ['TRUST_PROXY', 'loopback', ['gateway']],
  ['AUTH', 'firebase', ['gateway']],
  ['FIREBASE_API_KEY', 'chave-da-web', ['gateway']],
  ['FIREBASE_AUTH_DOMAIN', 'empresa.firebaseapp.com', ['gateway']],
  ['WEB_DIST_DIR', '/opt/atende/web', ['gateway']],
  ['METRICS_TOKEN', 'token-das-metricas-123', ['gateway']],
  ['ATENDE_SIGNUP', 'open', ['gateway']],
  ['ATENDE_OWNER_EMAIL', 'dona@empresa.com.br', ['gateway']],
  ['ATENDE_READY_MAX_LAG', '777', ['gateway']],
  ['ATENDE_READY_STALE_MS', '9999', ['gateway']],
  ['WHATSAPP_DRIVER', 'wwebjs', ['gateway', 'channel-worker']],
  ['CHROMIUM_PATH', '/opt/chromium/chrome', ['channel-worker']],
  ['SANDBOX_SEND_DELAY_MS', '250', ['channel-worker']],
  ['SANDBOX_PORT', '4999', ['channel-worker']],
  ['ATENDE_SANDBOX_TOKEN', 'token-do-sandbox-0123456789', ['channel-worker']],
  ['CHANNEL_WORKER_MAX_SESSIONS', '7', ['channel-worker']],
  ['CHANNEL_WORKER_ID', 'worker-b', ['channel-worker']],
];

/** Settings valid only with a companion: set in both plans (AUTH=firebase needs its project)… */
const COMPANIONS: Record<string, Record<string, string>> = { AUTH: { FIREBASE_PROJECT_ID: 'empresa' } };
/** …or only beside the setting (a password alone is refused). */
const PAIRED: Record<string, Record<string, string>> = {
  ATENDE_OWNER_EMAIL: { ATENDE_OWNER_PASSWORD: 'senha-forte-1' },
};
/** The demo's sandbox phone is the default driver; the table's base sets it so WHATSAPP_DRIVER can change it. */
const BASE_DRIVER = { WHATSAPP_DRIVER: 'sandbox' };

describe('planRole: every setting is honoured by every role that uses it', () => {
  describe.each(SETTINGS)('%s=%s', (name, value, users) => {
    it.each(ROLES.map((role) => [role, users.includes(role)] as const))(
      'role %s uses it: %s',
      (role, uses) => {
        const companion = COMPANIONS[name] ?? {};
        const before = plan({ ...BASE_DRIVER, ...companion }, role);
        const after = plan({ ...BASE_DRIVER, ...companion, ...PAIRED[name], [name]: value }, role);
        if (!uses) {
          expect(after).toEqual(before);
          return;
        }
        expect(after).not.toEqual(before);
        // The value itself reaches the role (a list or a number shows up in its JSON form).
        const json = JSON.stringify(after);
        const shown = name === 'DATA_DIR' ? value : value.split(',')[0]!;
        expect(json).toContain(shown);
      },
    );
  });
});

describe('planRole: where each store is', () => {
  it('keeps the keys, the media and the projector lease beside a PostgreSQL log', () => {
    const url = 'postgres://atende@db.internal:5432/atende';
    const config = loadConfig({ ...BASE, EVENTSTORE_URL: url }, '/');
    expect(keyStorePlan(config)).toEqual({ kind: 'postgres', url });
    const worker = planRole(config, 'channel-worker');
    expect(worker.log).toEqual({ kind: 'postgres', connectionString: url });
    expect(worker.role === 'channel-worker' && worker.media).toEqual({ kind: 'postgres', url });
    expect(worker.role === 'channel-worker' && worker.sessionArchives).toEqual({ kind: 'postgres', url });
    const projector = planRole(config, 'projector');
    expect(projector.role === 'projector' && projector.lease).toEqual({
      kind: 'postgres',
      url,
      name: 'atende:relay-projector',
    });
  });

  it('keeps the keys in Redis and the lease in Redis beside an EventStoreDB log (no table for them)', () => {
    const config = loadConfig({ ...BASE, EVENTSTORE_URL: 'esdb://es.internal:2113?tls=false' }, '/');
    expect(keyStorePlan(config)).toEqual({
      kind: 'redis',
      url: 'redis://127.0.0.1:6379',
      prefix: 'atende:keys:',
    });
    const gateway = planRole(config, 'gateway');
    expect(gateway.role === 'gateway' && gateway.media).toEqual({ kind: 'files', dataDir: '/srv/atende' });
    const projector = planRole(config, 'projector');
    expect(projector.role === 'projector' && projector.lease).toEqual({
      kind: 'redis',
      url: 'redis://127.0.0.1:6379',
      key: 'atende:lease:relay-projector',
    });
  });

  it('uses the SQLite files of DATA_DIR without EVENTSTORE_URL (one machine)', () => {
    const config = loadConfig(BASE, '/');
    expect(planRole(config, 'projector').log).toEqual({
      kind: 'sqlite',
      filename: '/srv/atende/events.db',
      synchronous: 'full',
      // Other processes append to the file: the relay looks for their appends every 5 ms.
      pollIntervalMs: 5,
      checkpointInBackground: true,
    });
    expect(keyStorePlan(config)).toEqual({ kind: 'sqlite', dataDir: '/srv/atende', synchronous: 'full' });
    const worker = planRole(config, 'channel-worker');
    expect(worker.role === 'channel-worker' && worker.sessionArchives).toEqual({
      kind: 'sqlite',
      dataDir: '/srv/atende',
    });
  });

  it('gives each gateway (per host and port) and each channel worker (per worker id) its own consumer group', () => {
    const config = loadConfig({ ...BASE, PORT: '3002' }, '/');
    const a = planRole(config, 'gateway', 'host-a');
    const b = planRole(config, 'gateway', 'host-b');
    expect(a.role === 'gateway' && a.notifierGroup).toBe('atende.events.notifier.host-a.3002');
    expect(b.role === 'gateway' && b.notifierGroup).toBe('atende.events.notifier.host-b.3002');
    const worker = planRole(config, 'channel-worker', 'host-a');
    expect(worker.role === 'channel-worker' && worker.consumerGroup).toBe(
      'atende.events.channel-worker.host-a',
    );
    const named = planRole(loadConfig({ ...BASE, CHANNEL_WORKER_ID: 'w2' }, '/'), 'channel-worker', 'host-a');
    expect(named.role === 'channel-worker' && named.checkpointName).toBe('channel-bridge:w2');
  });

  it('has no sandbox controls on a worker driving real WhatsApp', () => {
    const worker = planRole(loadConfig({ ...BASE, WHATSAPP_DRIVER: 'wwebjs' }, '/'), 'channel-worker');
    expect(worker.role === 'channel-worker' && worker.sandbox).toBeUndefined();
  });
});
