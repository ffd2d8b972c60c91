import { readModelsContract } from '../contract/read-models-contract.js';
import { MemoryReadModels } from './memory-read-models.js';

readModelsContract('in-process', async () => ({
  readModels: new MemoryReadModels({ freezeDocs: true }),
  cleanup: async () => {},
}));
