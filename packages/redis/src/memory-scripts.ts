import { luaScript } from "./redis-connection.js";

// Every memory operation is one Lua script, so it runs atomically on the server: concurrent
// appenders never interleave half-done writes, and a dropped connection leaves all or nothing.
// ARGV[1] is the key base `{prefix}user_id:{user}:session:{session}:`; keys follow AgentScope's
// RedisMemory: `messages` (list of ids), `msg:{id}` (JSON), `mark:{mark}` (list of ids) and
// `marks_index` (set of mark names). ARGV[2] is the sliding TTL in seconds, or "".

const PRELUDE = `
local base = ARGV[1]
local ttl = tonumber(ARGV[2])
local list = base .. 'messages'
local index = base .. 'marks_index'
local function toset(items)
  local set = {}
  for _, v in ipairs(items) do set[v] = true end
  return set
end
-- The mark names: the marks index, or (data written before AgentScope kept an index) the mark
-- keys found by one SCAN, which then fills the index, as AgentScope's _get_all_mark_keys does.
local function mark_names()
  local names = redis.call('SMEMBERS', index)
  if #names > 0 or redis.call('EXISTS', list) == 0 then return names end
  local pattern = base:gsub('([%*%?%[%]\\\\])', '\\\\%1') .. 'mark:*'
  local cursor = '0'
  repeat
    local page = redis.call('SCAN', cursor, 'MATCH', pattern, 'COUNT', 100)
    cursor = page[1]
    for _, key in ipairs(page[2]) do
      local name = string.sub(key, #base + 6)
      redis.call('SADD', index, name)
      names[#names + 1] = name
    end
  until cursor == '0'
  return names
end
local function touch()
  if not ttl then return end
  redis.call('EXPIRE', list, ttl)
  redis.call('EXPIRE', index, ttl)
  for _, m in ipairs(mark_names()) do redis.call('EXPIRE', base .. 'mark:' .. m, ttl) end
  for _, id in ipairs(redis.call('LRANGE', list, 0, -1)) do redis.call('EXPIRE', base .. 'msg:' .. id, ttl) end
end
local function remove_ids(ids)
  local removed = 0
  local marks = mark_names()
  for _, id in ipairs(ids) do
    removed = removed + redis.call('LREM', list, 0, id)
    redis.call('DEL', base .. 'msg:' .. id)
    for _, m in ipairs(marks) do redis.call('LREM', base .. 'mark:' .. m, 0, id) end
  end
  for _, m in ipairs(marks) do
    if redis.call('EXISTS', base .. 'mark:' .. m) == 0 then redis.call('SREM', index, m) end
  end
  return removed
end
`;

/** ARGV: base, ttl, skipDuplicates ("1"/"0"), mark count, marks…, then id, JSON pairs. */
export const ADD = luaScript(`${PRELUDE}
local skip = ARGV[3] == '1'
local nmarks = tonumber(ARGV[4])
local first = 5 + nmarks
local keep = {}
for i = first, #ARGV, 2 do
  if (not skip) or redis.call('EXISTS', base .. 'msg:' .. ARGV[i]) == 0 then keep[#keep + 1] = i end
end
for _, i in ipairs(keep) do
  local id = ARGV[i]
  redis.call('RPUSH', list, id)
  redis.call('SET', base .. 'msg:' .. id, ARGV[i + 1])
  for m = 5, first - 1 do
    redis.call('RPUSH', base .. 'mark:' .. ARGV[m], id)
    redis.call('SADD', index, ARGV[m])
  end
end
touch()
return #keep
`);

/** ARGV: base, ttl. Refreshes the TTL of every key of the session. */
export const TOUCH = luaScript(`${PRELUDE}
touch()
return 1
`);

/** ARGV: base, ttl, ids…. Returns how many stored messages were removed. */
export const DELETE = luaScript(`${PRELUDE}
local ids = {}
for i = 3, #ARGV do ids[#ids + 1] = ARGV[i] end
local removed = remove_ids(ids)
touch()
return removed
`);

/** ARGV: base, ttl, marks…. Removes the messages carrying any of the marks. */
export const DELETE_BY_MARK = luaScript(`${PRELUDE}
local ids = {}
local seen = {}
for i = 3, #ARGV do
  for _, id in ipairs(redis.call('LRANGE', base .. 'mark:' .. ARGV[i], 0, -1)) do
    if not seen[id] then
      seen[id] = true
      ids[#ids + 1] = id
    end
  end
end
local removed = remove_ids(ids)
for i = 3, #ARGV do
  redis.call('DEL', base .. 'mark:' .. ARGV[i])
  redis.call('SREM', index, ARGV[i])
end
touch()
return removed
`);

/**
 * ARGV: base, ttl, has old mark, old mark, has new mark, new mark, has id filter, ids….
 * InMemoryMemory's rules: count a message when a mark was removed (new mark null) or added.
 */
export const UPDATE_MARK = luaScript(`${PRELUDE}
local has_old = ARGV[3] == '1'
local old = ARGV[4]
local has_new = ARGV[5] == '1'
local new = ARGV[6]
local filter = nil
if ARGV[7] == '1' then
  filter = {}
  for i = 8, #ARGV do filter[ARGV[i]] = true end
end
local old_key = base .. 'mark:' .. old
local new_key = base .. 'mark:' .. new
local old_set = nil
if has_old then old_set = toset(redis.call('LRANGE', old_key, 0, -1)) end
local new_set = {}
if has_new then new_set = toset(redis.call('LRANGE', new_key, 0, -1)) end
local updated = 0
local seen = {}
for _, id in ipairs(redis.call('LRANGE', list, 0, -1)) do
  if not seen[id] and (filter == nil or filter[id]) and (old_set == nil or old_set[id]) then
    seen[id] = true
    if not has_new then
      if has_old then
        redis.call('LREM', old_key, 0, id)
        updated = updated + 1
      end
    elseif has_old and old == new then
      updated = updated + 1
    else
      if has_old then redis.call('LREM', old_key, 0, id) end
      if not new_set[id] then
        redis.call('RPUSH', new_key, id)
        redis.call('SADD', index, new)
        new_set[id] = true
        updated = updated + 1
      end
    end
  end
end
if has_old and redis.call('EXISTS', old_key) == 0 then redis.call('SREM', index, old) end
touch()
return updated
`);

/** ARGV: base, ttl. Removes every message, mark list and the marks index. */
export const CLEAR = luaScript(`${PRELUDE}
for _, id in ipairs(redis.call('LRANGE', list, 0, -1)) do redis.call('DEL', base .. 'msg:' .. id) end
for _, m in ipairs(mark_names()) do redis.call('DEL', base .. 'mark:' .. m) end
redis.call('DEL', list, index)
return 1
`);

/** ARGV: base, ttl. The number of stored messages. */
export const SIZE = luaScript(`${PRELUDE}
local n = redis.call('LLEN', list)
touch()
return n
`);
