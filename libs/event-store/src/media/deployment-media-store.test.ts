import path from 'node:path';
import { deploymentMediaStore } from './deployment-media-store.js';
import { FileMediaStore } from './file-media-store.js';
import { PostgresMediaStore } from './postgres-media-store.js';

describe('deploymentMediaStore', () => {
  it('is PostgreSQL beside a PostgreSQL log, files in DATA_DIR/media otherwise', async () => {
    const pg = deploymentMediaStore({ url: 'postgresql://u@db:5432/atende', dataDir: '/data' });
    expect(pg).toBeInstanceOf(PostgresMediaStore);
    await pg.close();
    for (const url of [undefined, '', 'esdb://localhost:2113?tls=false']) {
      const files = deploymentMediaStore({ url, dataDir: '/data' });
      expect(files).toBeInstanceOf(FileMediaStore);
      expect((files as FileMediaStore).root).toBe(path.join('/data', 'media'));
    }
  });
});
