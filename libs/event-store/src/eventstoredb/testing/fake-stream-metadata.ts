/**
 * Stream metadata as FakeEventStoreDb (fake-eventstoredb.ts) keeps it: EventStoreDB's names of the
 * system properties (`$tb`…) on the server, the client's (`truncateBefore`…) in its answers.
 */

/** The `$tb` of a soft-deleted stream, long.MaxValue, as JSON.parse reads it. */
export const DELETED_STREAM = 2 ** 63;
export const METADATA_TYPE = '$metadata';
/** The client's names of the system metadata properties and their names on the server. */
const SYSTEM_METADATA: ReadonlyArray<readonly [string, string]> = [
  ['truncateBefore', '$tb'],
  ['maxCount', '$maxCount'],
  ['maxAge', '$maxAge'],
  ['cacheControl', '$cacheControl'],
  ['acl', '$acl'],
];

export function toServerMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const names = new Map(SYSTEM_METADATA);
  return Object.fromEntries(Object.entries(metadata).map(([key, value]) => [names.get(key) ?? key, value]));
}

export function fromServerMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const names = new Map(SYSTEM_METADATA.map(([client, server]) => [server, client]));
  return Object.fromEntries(Object.entries(metadata).map(([key, value]) => [names.get(key) ?? key, value]));
}
