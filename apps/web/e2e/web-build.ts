import path from 'node:path';

/** The web client build the journeys serve (apps/web/dist); the Jest global setup builds it (scripts/test/web-build.cjs). */
export const webDist = path.resolve(__dirname, '../dist');
