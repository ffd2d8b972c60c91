import { randomUUID } from 'node:crypto';
import { readModelsContract } from '../contract/read-models-contract.js';
import { describeWithRedis, testRedisUrl } from '../testing/infra.js';
import { RedisReadModels } from './redis-read-models.js';

describeWithRedis('Redis read models', () => {
  readModelsContract('Redis', async () => {
    const readModels = new RedisReadModels({ url: testRedisUrl(), prefix: `atende-test:${randomUUID()}:` });
    return {
      readModels,
      cleanup: async () => {
        await readModels.deleteAll();
        await readModels.close();
      },
    };
  });
});
