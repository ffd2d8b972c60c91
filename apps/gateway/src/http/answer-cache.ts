/**
 * Serialized answers of a read that many clients repeat (the inbox list is polled every 5 s by
 * every agent), kept while the read model they came from has not moved: the key includes
 * everything that shapes the answer, the version is the projection's checkpoint.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { version: number; json: Buffer }>();

  constructor(private readonly maxEntries = 1000) {}

  /** The cached JSON bytes for `key` at `version`, or the freshly computed ones (then cached). */
  async get(key: string, version: number, compute: () => Promise<unknown>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.json;
    // Kept encoded: a repeated answer is sent without serializing or encoding it again.
    const json = Buffer.from(JSON.stringify(await compute()));
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.delete(key);
    this.entries.set(key, { version, json });
    return json;
  }
}
