import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({}, '/srv/atende');
    expect(config.PORT).toBe(3000);
    expect(config.ATENDE_MODE).toBe('embedded');
    expect(config.dataDir).toBe('/srv/atende/data');
    expect(config.whatsappDriver).toBe('sandbox');
    expect(config.SQLITE_SYNCHRONOUS).toBe('full');
    expect(config.KAFKA_BROKERS).toEqual(['127.0.0.1:9092']);
    expect(config.REQUIRE_INFRA).toBe(false);
    expect(config.EMBEDDED_READ_MODELS_WRITER_THREAD).toBe(false);
  });

  it('commits the embedded read models in a thread of their own only when asked', () => {
    expect(
      loadConfig({ EMBEDDED_READ_MODELS_WRITER_THREAD: 'true' }).EMBEDDED_READ_MODELS_WRITER_THREAD,
    ).toBe(true);
    expect(() => loadConfig({ EMBEDDED_READ_MODELS_WRITER_THREAD: 'sim' })).toThrow(ConfigError);
  });

  it('turns the WhatsApp sandbox on only in the demo, or when asked for', () => {
    const owner = { ATENDE_OWNER_EMAIL: 'dono@loja.com', ATENDE_OWNER_PASSWORD: 'senha-forte-1' };
    expect(loadConfig(owner).whatsappDriver).toBe('wwebjs');
    expect(loadConfig({ ...owner, WHATSAPP_DRIVER: 'sandbox' }).whatsappDriver).toBe('sandbox');
    expect(loadConfig({ ATENDE_MODE: 'distributed' }).whatsappDriver).toBe('wwebjs');
    expect(() => loadConfig({ ATENDE_SANDBOX_TOKEN: 'curto' })).toThrow(ConfigError);
  });

  it("checks the gateway's answers against the contract outside production, unless told otherwise", () => {
    expect(loadConfig({}).validateAnswers).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).validateAnswers).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).validateAnswers).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', VALIDATE_ANSWERS: '1' }).validateAnswers).toBe(true);
    expect(loadConfig({ VALIDATE_ANSWERS: 'false' }).validateAnswers).toBe(false);
    expect(() => loadConfig({ VALIDATE_ANSWERS: 'talvez' })).toThrow(ConfigError);
  });

  it('takes a PostgreSQL or EventStoreDB URL as the multi-host event log, and refuses others at start', () => {
    expect(loadConfig({ EVENTSTORE_URL: 'postgres://atende@db/atende' }).EVENTSTORE_URL).toBe(
      'postgres://atende@db/atende',
    );
    expect(loadConfig({ EVENTSTORE_URL: 'esdb://es:2113?tls=false' }).EVENTSTORE_URL).toBeDefined();
    expect(() => loadConfig({ EVENTSTORE_URL: 'mysql://db/atende' })).toThrow(/postgres:\/\/ or esdb:\/\//);
  });

  it('reads and coerces values', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        ATENDE_MODE: 'distributed',
        KAFKA_BROKERS: 'a:1, b:2',
        REQUIRE_INFRA: '1',
        DATA_DIR: '/x',
      },
      '/',
    );
    expect(config.PORT).toBe(8080);
    expect(config.whatsappDriver).toBe('wwebjs');
    expect(config.KAFKA_BROKERS).toEqual(['a:1', 'b:2']);
    expect(config.REQUIRE_INFRA).toBe(true);
    expect(config.dataDir).toBe('/x');
  });

  it('lists every invalid variable in one error', () => {
    expect(() => loadConfig({ PORT: 'abc', ATENDE_MODE: 'cloud' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', ATENDE_MODE: 'cloud' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('ATENDE_MODE');
    }
  });

  it('requires a Firebase project in Firebase mode', () => {
    expect(() => loadConfig({ AUTH: 'firebase' })).toThrow(/FIREBASE_PROJECT_ID/);
    expect(loadConfig({ AUTH: 'firebase', FIREBASE_PROJECT_ID: 'loja' }).FIREBASE_PROJECT_ID).toBe('loja');
  });

  it('requires the owner e-mail and password together', () => {
    expect(() => loadConfig({ ATENDE_OWNER_EMAIL: 'a@b.co' })).toThrow(/vão juntos/);
    expect(
      loadConfig({ ATENDE_OWNER_EMAIL: 'a@b.co', ATENDE_OWNER_PASSWORD: 'segredo123' }).ATENDE_OWNER_EMAIL,
    ).toBe('a@b.co');
  });
});
