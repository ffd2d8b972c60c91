import type { GatewayDeps } from '../../http/gateway-deps.js';
import { type RouteDefinition } from '../../http/route.js';
export declare const MEDIA_NOT_FOUND_TEXT = "M\u00EDdia n\u00E3o encontrada";
/**
 * Media of customers' messages: the files a channel driver downloaded (served to members of the
 * session's workspace only) and the retry of a download that failed.
 */
export declare function mediaRoutes(deps: GatewayDeps): RouteDefinition[];
