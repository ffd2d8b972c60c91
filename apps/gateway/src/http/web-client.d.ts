import { type Express } from 'express';
/** Where `npm run build -w @atende/web` writes the client (WEB_DIST_DIR overrides it). */
export declare const defaultWebDistDir: string;
/**
 * Serves the built web client: hashed assets cached for a year, every other GET that asks for HTML
 * answered with index.html so the client's router handles /dashboard, /login, … on a reload.
 * Answers false (and serves nothing) when the client has not been built.
 */
export declare function serveWebClient(app: Express, dir: string): boolean;
