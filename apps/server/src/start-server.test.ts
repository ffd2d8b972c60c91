import { ConfigError, loadConfig } from '@atende/config';
import { roleOption, rolesToStart } from './start-server.js';

describe('rolesToStart', () => {
  it('runs the embedded product for plain npm start', () => {
    expect(rolesToStart(loadConfig({}, '/'), 'all')).toBe('embedded');
  });

  it('refuses a single role in embedded mode, in Portuguese', () => {
    expect(() => rolesToStart(loadConfig({}, '/'), 'projector')).toThrow(ConfigError);
    expect(() => rolesToStart(loadConfig({}, '/'), 'projector')).toThrow(/exige ATENDE_MODE=distributed/);
  });

  it('refuses EVENTSTORE_URL in embedded mode instead of ignoring it', () => {
    const config = loadConfig({ EVENTSTORE_URL: 'postgres://db/atende' }, '/');
    expect(() => rolesToStart(config, 'all')).toThrow(/EVENTSTORE_URL exige ATENDE_MODE=distributed/);
  });

  it('runs one role, or every role in one process, in distributed mode', () => {
    const config = loadConfig({ ATENDE_MODE: 'distributed' }, '/');
    expect(rolesToStart(config, 'channel-worker')).toEqual(['channel-worker']);
    expect(rolesToStart(config, 'all')).toEqual(['gateway', 'projector', 'channel-worker']);
  });

  it('tells which roles exist when --role names another', () => {
    const parsed = roleOption.safeParse('relay');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      '--role precisa ser all, gateway, projector, channel-worker',
    );
  });
});
