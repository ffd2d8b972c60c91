/**
 * Applies a batch atomically: checks the checkpoint (and that this version still serves, for the
 * live writer), applies the ops, moves the checkpoint. Returns {1, cp} on success, {0, storedCp} on conflict.
 * KEYS[1] checkpoint key, KEYS[2] active-version key. ARGV[1] expected cp, ARGV[2] new cp,
 * ARGV[3] expected active version ('' = do not check), then ops: S key value | D key | Z key score member | R key member.
 */
export const COMMIT_SCRIPT = `
local cp = redis.call('GET', KEYS[1]) or '0'
if cp ~= ARGV[1] then return {0, cp} end
if ARGV[3] ~= '' and (redis.call('GET', KEYS[2]) or '') ~= ARGV[3] then return {0, '-1'} end
local i = 4
local n = #ARGV
while i <= n do
  local op = ARGV[i]
  if op == 'S' then redis.call('SET', ARGV[i + 1], ARGV[i + 2]); i = i + 3
  elseif op == 'D' then redis.call('DEL', ARGV[i + 1]); i = i + 2
  elseif op == 'Z' then redis.call('ZADD', ARGV[i + 1], ARGV[i + 2], ARGV[i + 3]); i = i + 4
  elseif op == 'R' then redis.call('ZREM', ARGV[i + 1], ARGV[i + 2]); i = i + 3
  else return redis.error_reply('unknown op ' .. tostring(op)) end
end
redis.call('SET', KEYS[1], ARGV[2])
return {1, ARGV[2]}
`;
