import { type Decider, type DomainEvent } from '@atende/events';
import type { RequestContext } from '../auth/request-context.js';
import type { GatewayDeps } from '../http/gateway-deps.js';
/**
 * Runs a command for the signed-in member: decide, append (the event is in the log before the answer
 * goes out), then wait briefly until the read models include it, so the client's next read sees it.
 */
export declare function execute<C, E extends DomainEvent, S>(deps: GatewayDeps, ctx: RequestContext, decider: Decider<C, E, S>, streamId: string, command: C): Promise<{
    events: E[];
    newState: S;
    position: number;
}>;
