/**
 * The Node flags every server process runs with (`npm start`, the Dockerfile, start:distributed,
 * the test and bench harnesses): a young generation of 128 MB, because the ingest path allocates
 * short-lived objects fast and the default one has it spend 10–17 % of its CPU in scavenges.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=128'] as const;
