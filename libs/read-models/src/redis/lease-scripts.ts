/** Lua of the Redis leases: a key holding its owner's token, with a TTL; only the owner moves it. */

/** Extends the key's TTL (ARGV[2] ms) when it holds ARGV[1]; 1 when extended. */
export const RENEW_OWN_KEY = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

/** Deletes the key when it holds ARGV[1] (another owner's is left alone). */
export const RELEASE_OWN_KEY = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** Sets the key to ARGV[1] for ARGV[2] ms unless another owner holds it; 1 when held. */
export const CLAIM_KEY = `local held = redis.call('get', KEYS[1])
if held == false or held == ARGV[1] then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
