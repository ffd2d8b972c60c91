import type { BridgeContext } from './bridge-context.js';
import type { BridgeReactor } from './reactor.js';
import { eraseWorkspace, type WorkspaceErasureOptions } from './workspace-erasure.js';

export interface ErasureReactorDeps extends WorkspaceErasureOptions {
  ctx: BridgeContext;
  /** A customer's data was erased (in any process): caches that may hold it are dropped. */
  onContactErased: (() => void) | undefined;
}

/**
 * Erasures: a deleted workspace's sessions are logged out and its events erased; a customer's erasure
 * makes their address name no conversation any more. The bridge's other reactors follow it on each
 * page, so nothing of a deleted workspace is sent or connected after its deletion was read.
 */
export function erasureReactor(deps: ErasureReactorDeps): BridgeReactor {
  const { ctx } = deps;
  return {
    name: 'channel bridge: erasures',
    eventTypes: new Set(['WorkspaceDataDeleted', 'ContactDataErased']),
    handle(event) {
      if (event.type === 'WorkspaceDataDeleted') return eraseWorkspace(ctx, event, deps);
      // Its address no longer names a conversation (its next message starts a pseudonymous one).
      ctx.routing.forgetKnownAddresses();
      deps.onContactErased?.();
      return undefined;
    },
  };
}
