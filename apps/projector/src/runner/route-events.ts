import type { StoredEvent } from '@atende/events';
import type { Projection } from '../projection.js';

/**
 * Splits batches of events among projections by event type, in one pass per batch: a rebuild then
 * hands each projection only its own events instead of every projection testing every event.
 */
export function eventRouter(
  projections: readonly Projection[],
): (events: readonly StoredEvent[]) => StoredEvent[][] {
  const byType = new Map<string, number[]>();
  projections.forEach((p, i) => {
    for (const type of p.eventTypes) {
      const targets = byType.get(type);
      if (targets) targets.push(i);
      else byType.set(type, [i]);
    }
  });
  return (events) => {
    const routed = projections.map((): StoredEvent[] => []);
    for (const event of events) {
      const targets = byType.get(event.type);
      if (targets === undefined) continue;
      for (const i of targets) routed[i]!.push(event);
    }
    return routed;
  };
}
