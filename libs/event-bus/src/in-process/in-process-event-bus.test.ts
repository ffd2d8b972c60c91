import { eventBusContract } from '../contract/event-bus-contract.js';
import { InProcessEventBus } from './in-process-event-bus.js';

eventBusContract('in-process', async () => {
  const bus = new InProcessEventBus();
  return { bus, reopen: async () => bus, cleanup: async () => undefined };
});
