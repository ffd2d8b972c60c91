import type { AtendeConfig } from '@atende/config';
import { type EventStore } from '@atende/events';
/** Id of the workspace created on first start. */
export declare const DEFAULT_WORKSPACE_ID = "minha-empresa";
export declare const DEFAULT_WORKSPACE_NAME = "Minha Empresa";
export declare const DEMO_OWNER: {
    readonly email: "demo@atende.local";
    readonly password: "demo1234";
    readonly name: "Demo";
};
/** The demo's WhatsApp session, already paired with the sandbox phone (DESIGN §6). */
export declare const DEMO_SANDBOX_SESSION: {
    readonly sessionId: "demo-sandbox";
    readonly phoneNumber: "5511999990000";
    readonly name: "Suporte";
};
export interface DemoWorkspace {
    workspaceId: string;
    workspaceName: string;
    ownerId: string;
    /** True when this start created the workspace. */
    created: boolean;
    /** Set when the owner is the demo account (no ATENDE_OWNER_* configured). */
    demoCredentials?: {
        email: string;
        password: string;
    };
    /** The demo's connected sandbox WhatsApp session, when this is the demo workspace. */
    sandboxSessionId?: string;
}
/**
 * First start with an empty store creates "Minha Empresa" and its owner (DESIGN §6). Every step
 * checks its own stream first, so a crash half-way is finished on the next start and nothing repeats.
 */
export declare function ensureDemoWorkspace(store: EventStore, config: AtendeConfig): Promise<DemoWorkspace>;
