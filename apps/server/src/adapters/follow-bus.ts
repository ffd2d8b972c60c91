import type { Logger } from 'pino';
import type { EventBus, EventSource, EventStore } from '@atende/events';
import { busSource, type BusSourceOptions } from '@atende/projector';

/**
 * A role's events from the bus as consumer group `group` (busSource), its stalls logged: each time the
 * bus stayed silent about events the log had, and they were read from the log instead.
 */
export function followBus(
  bus: EventBus,
  group: string,
  store: EventStore,
  logger: Pick<Logger, 'warn'>,
  options: Omit<BusSourceOptions, 'onStall'> = {},
): EventSource {
  return busSource(bus, group, store, {
    ...options,
    onStall: (stall) =>
      logger.warn(
        { group, ...stall },
        stall.resubscribing
          ? 'event bus silent: events read from the log, subscribing to the bus again'
          : 'event bus silent: events read from the log',
      ),
  });
}
