import { deploymentLogLocation, eventLogKindOfUrl } from './open-event-store.js';

describe('the deployment log chosen from EVENTSTORE_URL', () => {
  it('is PostgreSQL for postgres://, EventStoreDB for esdb://, and the SQLite file without a URL', () => {
    const sqliteFile = '/dados/events.db';
    expect(deploymentLogLocation({ url: 'postgres://atende@db:5432/atende', sqliteFile })).toEqual({
      kind: 'postgres',
      connectionString: 'postgres://atende@db:5432/atende',
    });
    expect(eventLogKindOfUrl('postgresql://db/atende')).toBe('postgres');
    expect(deploymentLogLocation({ url: 'esdb://es:2113?tls=false', sqliteFile }).kind).toBe('eventstoredb');
    expect(deploymentLogLocation({ url: undefined, sqliteFile, synchronous: 'normal' })).toEqual({
      kind: 'sqlite',
      filename: sqliteFile,
      synchronous: 'normal',
      checkpointInBackground: true,
    });
  });

  it('refuses a URL of another kind instead of guessing', () => {
    expect(eventLogKindOfUrl('mysql://db/atende')).toBeUndefined();
    expect(() => deploymentLogLocation({ url: 'redis://x', sqliteFile: 'f' })).toThrow(
      /postgres:\/\/ or esdb:\/\//,
    );
  });
});
