/**
 * The Node flags of the distributed roles (start:distributed, the test and bench harnesses): a
 * young generation of 128 MB, because the ingest path allocates short-lived objects fast and the
 * default one has it spend 10–17 % of its CPU in scavenges. Not the embedded process (`npm start`,
 * the Dockerfile): with its read models in SQLite it gains ≈3 % from it and pays 150–200 MB of RSS.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=128'] as const;
