/**
 * Serialized answers of a read that many clients repeat (the inbox list is polled every 5 s by
 * every agent), kept while the read model they came from has not moved: the key includes
 * everything that shapes the answer, the version is the projection's checkpoint.
 */
export declare class AnswerCache {
    private readonly maxEntries;
    private readonly entries;
    constructor(maxEntries?: number);
    /** The cached JSON bytes for `key` at `version`, or the freshly computed ones (then cached). */
    get(key: string, version: number, compute: () => Promise<unknown>): Promise<Buffer>;
}
