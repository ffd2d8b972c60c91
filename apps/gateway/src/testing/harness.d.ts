import { type MemberRole } from '@atende/events';
import { type EmbeddedAtende } from '../embedded/start-embedded.js';
export interface TestResponse<T = Record<string, unknown>> {
    status: number;
    body: T;
    headers: Headers;
}
/** A real embedded Atende on a temporary data folder, and an HTTP client with a cookie jar per user. */
export declare class GatewayHarness {
    readonly atende: EmbeddedAtende;
    private readonly dir;
    private constructor();
    static start(options?: {
        loginLimits?: {
            perAccount?: number;
            perAddress?: number;
        };
        env?: Record<string, string>;
        /** false: no live WhatsApp channel (the test drives sessions through the domain). */
        channel?: boolean;
    }): Promise<GatewayHarness>;
    get url(): string;
    /** The temporary DATA_DIR. */
    get dataDir(): string;
    stop(): Promise<void>;
    /** Sends a request; `body` as an object is JSON, as a string is sent raw (for malformed JSON). */
    request<T = Record<string, unknown>>(method: string, pathname: string, options?: {
        body?: unknown;
        cookie?: string;
        headers?: Record<string, string>;
    }): Promise<TestResponse<T>>;
    /** Signs in and returns the session cookie (`name=value`). */
    login(email: string, password: string): Promise<string>;
    loginDemo(): Promise<string>;
    /** Creates an account and makes it a member of a workspace (creating the workspace when new). */
    addMember(options: {
        workspaceId?: string;
        userId: string;
        email: string;
        password: string;
        role: MemberRole;
        name?: string;
        status?: 'active' | 'inactive';
    }): Promise<void>;
    /**
     * Creates an account `{userId}@loja.com` (password 'senha-boa-1') that is a member with `role`,
     * signs it in and returns the cookie.
     */
    signInAsNewMember(userId: string, role: MemberRole, options?: {
        workspaceId?: string;
        name?: string;
        email?: string;
    }): Promise<string>;
    /** Events of a stream (to check what a request wrote, or did not). */
    streamTypes(streamId: string): Promise<string[]>;
    lastPosition(): Promise<number>;
}
