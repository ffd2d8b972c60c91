import { sessionLeasesContract } from '../testing/session-leases-contract.js';
import { MemorySessionLeaseStore } from './memory-session-lease-store.js';

sessionLeasesContract('memory', async () => {
  const store = new MemorySessionLeaseStore();
  return {
    openStore: () => store,
    expire: async (sessionId) => store.expire(sessionId),
    cleanup: async () => {},
  };
});
