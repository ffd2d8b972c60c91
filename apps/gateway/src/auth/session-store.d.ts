export interface SessionRecord {
    userId: string;
    workspaceId: string;
    createdAt: number;
    expiresAt: number;
}
/** Server-side sessions: the cookie holds a random token, the store only its SHA-256. */
export interface SessionStore {
    /** Creates a session and returns the token to put in the cookie. */
    create(record: SessionRecord): Promise<string>;
    /** The live session of a token hash, or undefined (unknown or expired). */
    get(tokenHash: string, now: number): Promise<SessionRecord | undefined>;
    extend(tokenHash: string, expiresAt: number): Promise<void>;
    delete(tokenHash: string): Promise<void>;
    deleteAllOfUser(userId: string): Promise<void>;
    close(): Promise<void>;
}
export declare function hashToken(token: string): string;
export declare function newToken(): string;
export declare class SqliteSessionStore implements SessionStore {
    private readonly db;
    private readonly stmt;
    constructor(filename: string);
    create(record: SessionRecord): Promise<string>;
    get(tokenHash: string, now: number): Promise<SessionRecord | undefined>;
    extend(tokenHash: string, expiresAt: number): Promise<void>;
    delete(tokenHash: string): Promise<void>;
    deleteAllOfUser(userId: string): Promise<void>;
    close(): Promise<void>;
}
