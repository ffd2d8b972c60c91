/** Hash in the self-describing form `scrypt$N$r$p$salt$key` (base64url), so parameters can change later. */
export declare function hashPassword(password: string): Promise<string>;
/** Constant-time check of a password against a stored hash; false for a malformed hash. */
export declare function verifyPassword(password: string, stored: string): Promise<boolean>;
