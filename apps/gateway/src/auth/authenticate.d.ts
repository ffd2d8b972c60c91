import type { Request, Response } from 'express';
import type { GatewayDeps } from '../http/gateway-deps.js';
import type { RequestContext } from './request-context.js';
export declare const DEFAULT_SESSION_MINUTES = 30;
/** Minutes of inactivity a session lives: the workspace's security setting (spec default 30). */
export declare function sessionMinutes(deps: GatewayDeps, workspaceId: string): Promise<number>;
/**
 * The signed-in member of a request, from the session cookie: undefined when there is no live
 * session, or the member was removed or deactivated since. Extends the session (sliding expiry).
 */
export declare function authenticate(deps: GatewayDeps, req: Request, res: Response): Promise<RequestContext | undefined>;
