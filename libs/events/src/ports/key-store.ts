/**
 * Data keys for the encrypted fields of events (envelope encryption, DESIGN §3): each subject (a
 * workspace's secrets, an account's credentials, one customer) has a 256-bit data key, kept only
 * wrapped by the master key, in a store of its own (never in the event log). Destroying a subject's
 * keys makes every copy of its fields unreadable, in the log, on Kafka and in backups alike.
 */
export interface DataKey {
  /** `${subject}#${generation}`: written beside each ciphertext. */
  keyId: string;
  key: Buffer;
}

export interface KeyStore {
  /** The subject's current key, made when it has none (or its last one was destroyed: a fresh start). */
  activeKey(subject: string): Promise<DataKey>;
  /** The key of an id, or undefined when it was destroyed (or never existed). */
  keyById(keyId: string): Promise<Buffer | undefined>;
  /** Destroys every key of a subject; answers how many. Idempotent. */
  destroySubject(subject: string): Promise<number>;
  /** Destroys every key of the subjects starting with `prefix` (a workspace's, when it is erased). */
  destroySubjectsWithPrefix(prefix: string): Promise<number>;
  /** Wraps every live key again with another master key (rotation); answers how many. */
  rewrap(next: MasterKeyLike): Promise<number>;
  close(): Promise<void>;
}

/** What wraps data keys: AES-256-GCM with a key kept outside every store. */
export interface MasterKeyLike {
  /** A short fingerprint naming the master key (which one wrapped a data key). */
  readonly id: string;
  wrap(dataKey: Buffer): string;
  unwrap(wrapped: string): Buffer;
}

/** What an LGPD erasure needs of the keys: the customer's key destroyed (every copy unreadable). */
export interface ContactKeys {
  /** Destroys the key of a conversation stream's customer; answers how many keys went. Idempotent. */
  destroyContact(workspaceId: string, conversationStreamId: string): Promise<number>;
  /** The pseudonymous conversation id of a customer's address (their WhatsApp id) in a workspace. */
  conversationIdFor(workspaceId: string, address: string): Promise<string>;
  /** Unlinks an address from its conversation: its next message starts a new one. */
  forgetConversationRoute(workspaceId: string, address: string): Promise<number>;
}
