import { type Express } from 'express';
import type { Projector } from '@atende/projector';
import { loginThrottle } from '../auth/login-throttle.js';
import type { GatewayDeps } from './gateway-deps.js';
export interface AppOptions {
    projectors: readonly Projector[];
    startedAt: Date;
    /** Express `trust proxy` (behind an https proxy the session cookie is then Secure). */
    trustProxy?: boolean | number | string;
    /** The built web client to serve (apps/web/dist); nothing is served when it is missing. */
    webDistDir?: string;
    /** Login throttle limits (tests lower them). */
    loginLimits?: Parameters<typeof loginThrottle>[0];
}
/** The gateway's HTTP app: every error answers `{ success:false, error, code }` with a 4xx/5xx status. */
export declare function createApp(deps: GatewayDeps, options: AppOptions): Express;
