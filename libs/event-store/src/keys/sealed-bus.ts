import type { BusSubscribeOptions, BusSubscription, EventBus, StoredEvent } from '@atende/events';
import type { FieldCipher } from './field-cipher.js';

/**
 * The bus as the deployment uses it with encrypted fields: what is published is the stored form
 * (personal data sealed, secrets withheld entirely), and consumers get their batches opened.
 */
export class SealedEventBus implements EventBus {
  constructor(
    private readonly inner: EventBus,
    private readonly cipher: FieldCipher,
  ) {}

  async publish(events: readonly StoredEvent[]): Promise<void> {
    await this.inner.publish(this.cipher.forBus(events));
  }

  async subscribe(
    group: string,
    handler: (events: StoredEvent[]) => Promise<void>,
    options?: BusSubscribeOptions,
  ): Promise<BusSubscription> {
    return await this.inner.subscribe(
      group,
      async (events) => await handler(await this.cipher.open(events, { trusted: true })),
      options,
    );
  }

  async close(): Promise<void> {
    await this.inner.close();
  }
}
