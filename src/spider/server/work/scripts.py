"""The queue in Redis: its keys, and the scripts that change them, each in one step (``shared`` submits and reads
answers, ``worker`` takes jobs and answers them). The order is ``fair``'s: the priorities waiting in a sorted set by
the workers' time each has been charged (divided by its weight), per priority the addresses waiting the same
way, and per address its players; a job id
list per player; a job a hash. A job taken is leased to its worker, which renews the lease while it works: a
lease run out (the worker was killed) puts the job back at the front of its player's list, for another worker.

Keys, under ``spider:work:`` (so that a Redis shared with other programs stays tidy):

- ``classes``, ``ctags``, ``cclock``: the priorities waiting by tag, and so on as for addresses;
- ``turns:P``, ``tags:P``, ``clock:P``: the addresses waiting at priority P by tag, the tags of those not
  waiting now (kept while above the clock), and the clock, the tag of the last address served;
- ``players:P:A``, ``ptags:P:A``, ``pclock:P:A``: the same for the players of address A;
- ``lane:P:A:N``: the ids of player N's jobs waiting; ``count:P``, ``acount:P:A``: how many wait (``fcount``,
  ``facount``: of those, the ones not continuing work under way, which the bounds count), and ``seconds:P``
  how long those at P are expected to take;
- ``job:ID``: the job (its call, kind, priority, player, address, seconds, attempts, state, answer);
- ``held:K:N``: the id of player N's job of kind K, waiting or being worked out; ``key:KEY``: the job doing
  work that others may ask for alike;
- ``running``: the jobs being worked out, by the end of their lease (ms); ``workers``: the workers, by when they
  were last seen (ms); ``seconds``: each kind's mean time; ``wake``: a list workers wait on for new jobs.

A finished job's id is published on ``spider:work:done``.
"""

from __future__ import annotations

from spider.server.work.fair import JOIN_STEP, WEIGHTS

PREFIX = "spider:work:"
DONE = "spider:work:done"
LEASE_MS = 10_000
"""How long a worker holds a job without renewing it: a killed worker's job is taken again this long after."""
ATTEMPTS = 2
"""Workers a job may die in before it fails."""
KEEP_SECONDS = 300
"""How long a finished job's answer is kept for the requests awaiting it."""

_COMMON = f"""
local JOIN_STEP = {JOIN_STEP!r}
local KEEP_SECONDS = {KEEP_SECONDS}
""" + """
local P = ARGV[1]
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local function join(turns, tags, clock, name)
  if not redis.call('ZSCORE', turns, name) then
    local tag = math.max(tonumber(redis.call('ZSCORE', tags, name) or '0'), tonumber(redis.call('GET', clock) or '0'))
    redis.call('ZADD', turns, string.format('%.17g', tag + JOIN_STEP), name)
    redis.call('ZREM', tags, name)
  end
end
local function enqueue(id, pr, address, player, front)
  local lane = P .. 'lane:' .. pr .. ':' .. address .. ':' .. player
  if front then redis.call('LPUSH', lane, id) else redis.call('RPUSH', lane, id) end
  local players = P .. 'players:' .. pr .. ':' .. address
  join(players, P .. 'ptags:' .. pr .. ':' .. address, P .. 'pclock:' .. pr .. ':' .. address, player)
  join(P .. 'turns:' .. pr, P .. 'tags:' .. pr, P .. 'clock:' .. pr, address)
  join(P .. 'classes', P .. 'ctags', P .. 'cclock', pr)
  redis.call('INCR', P .. 'acount:' .. pr .. ':' .. address)
  redis.call('INCR', P .. 'count:' .. pr)
  if redis.call('HGET', P .. 'job:' .. id, 'continuing') ~= '1' then
    redis.call('INCR', P .. 'facount:' .. pr .. ':' .. address)
    redis.call('INCR', P .. 'fcount:' .. pr)
  end
  redis.call('INCRBYFLOAT', P .. 'seconds:' .. pr, redis.call('HGET', P .. 'job:' .. id, 'seconds') or '1')
  for _, key in ipairs({players, P .. 'ptags:' .. pr .. ':' .. address, P .. 'pclock:' .. pr .. ':' .. address}) do
    redis.call('EXPIRE', key, 86400)
  end
  redis.call('LPUSH', P .. 'wake', '1')
  redis.call('LTRIM', P .. 'wake', 0, 63)
end
local function release(id, kind, player, key)
  local held = P .. 'held:' .. kind .. ':' .. player
  if redis.call('GET', held) == id then redis.call('DEL', held) end
  if key ~= '' and redis.call('GET', P .. 'key:' .. key) == id then redis.call('DEL', P .. 'key:' .. key) end
end
"""

SUBMIT = _COMMON + """
-- ARGV: prefix, id, call, kind, priority, player, address, seconds, per address, total, continuing, key
local id, kind, pr, player, address, key = ARGV[2], ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[12]
if key ~= '' then
  local other = redis.call('GET', P .. 'key:' .. key)
  if other and redis.call('EXISTS', P .. 'job:' .. other) == 1 then return {'joined', other} end
end
local held = redis.call('GET', P .. 'held:' .. kind .. ':' .. player)
if held and redis.call('EXISTS', P .. 'job:' .. held) == 1 then return {'player', held} end
if ARGV[11] == '0' then
  local here = tonumber(redis.call('GET', P .. 'facount:' .. pr .. ':' .. address) or '0')
  if here >= tonumber(ARGV[9]) then return {'address', ''} end
  if tonumber(redis.call('GET', P .. 'fcount:' .. pr) or '0') >= tonumber(ARGV[10]) then return {'full', ''} end
end
redis.call('HSET', P .. 'job:' .. id, 'call', ARGV[3], 'kind', kind, 'priority', pr, 'player', player,
  'address', address, 'seconds', ARGV[8], 'attempts', 0, 'state', 'waiting', 'key', key, 'continuing', ARGV[11])
redis.call('EXPIRE', P .. 'job:' .. id, 86400)
redis.call('SET', P .. 'held:' .. kind .. ':' .. player, id, 'EX', 86400)
if key ~= '' then redis.call('SET', P .. 'key:' .. key, id, 'EX', 86400) end
enqueue(id, pr, address, player, false)
return {'ok', id}
"""

AHEAD = _COMMON + """
-- ARGV: prefix, priority, address. The seconds of the jobs taken before a new job of the address's at this
-- priority, as fair.FairQueue.ahead reckons them: all those waiting at more urgent priorities, one of each other
-- address that would go first, and the address's own.
local pr, address = tonumber(ARGV[2]), ARGV[3]
local sooner = 0
for p = 0, pr - 1 do sooner = sooner + tonumber(redis.call('GET', P .. 'seconds:' .. p) or '0') end
local turns = P .. 'turns:' .. pr
local own = redis.call('ZSCORE', turns, address)
local tag
if own then
  tag = tonumber(own)
else
  tag = math.max(tonumber(redis.call('ZSCORE', P .. 'tags:' .. pr, address) or '0'),
    tonumber(redis.call('GET', P .. 'clock:' .. pr) or '0')) + JOIN_STEP
end
local function job_seconds(id)
  return tonumber(redis.call('HGET', P .. 'job:' .. id, 'seconds') or '0')
end
local others, mine = 0, 0
for _, name in ipairs(redis.call('ZRANGEBYSCORE', turns, '-inf', string.format('%.17g', tag))) do
  if name ~= address then
    local player = redis.call('ZRANGE', P .. 'players:' .. pr .. ':' .. name, 0, 0)[1]
    local id = player and redis.call('LINDEX', P .. 'lane:' .. pr .. ':' .. name .. ':' .. player, 0)
    if id then others = others + job_seconds(id) end
  end
end
if own then
  for _, player in ipairs(redis.call('ZRANGE', P .. 'players:' .. pr .. ':' .. address, 0, -1)) do
    for _, id in ipairs(redis.call('LRANGE', P .. 'lane:' .. pr .. ':' .. address .. ':' .. player, 0, -1)) do
      mine = mine + job_seconds(id)
    end
  end
end
return string.format('%.17g', sooner + others + mine)
"""

_CHARGE = """
local function charge(turns, tags, clock, name, seconds, leaves)
  local tag = tonumber(redis.call('ZSCORE', turns, name))
  redis.call('SET', clock, string.format('%.17g', tag))
  redis.call('ZREMRANGEBYSCORE', tags, '-inf', tag)
  if leaves then
    redis.call('ZREM', turns, name)
    redis.call('ZADD', tags, string.format('%.17g', tag + seconds), name)
  else
    redis.call('ZADD', turns, string.format('%.17g', tag + seconds), name)
  end
end
"""

_WEIGHTS = "local WEIGHTS = {" + ", ".join(f"['{int(p)}'] = {w}" for p, w in WEIGHTS.items()) + "}\n"

TAKE = _COMMON + _CHARGE + _WEIGHTS + """
-- ARGV: prefix, least urgent priority, worker, lease (ms), attempts
local now = now_ms()
redis.call('ZADD', P .. 'workers', now, ARGV[3])
redis.call('ZREMRANGEBYSCORE', P .. 'workers', '-inf', now - 3600000)
for _, id in ipairs(redis.call('ZRANGEBYSCORE', P .. 'running', '-inf', now, 'LIMIT', 0, 16)) do
  redis.call('ZREM', P .. 'running', id)
  local job = redis.call('HMGET', P .. 'job:' .. id, 'attempts', 'priority', 'address', 'player', 'kind', 'key')
  if job[1] then
    if tonumber(job[1]) >= tonumber(ARGV[5]) then
      redis.call('HSET', P .. 'job:' .. id, 'state', 'lost')
      redis.call('EXPIRE', P .. 'job:' .. id, KEEP_SECONDS)
      release(id, job[5], job[4], job[6])
      redis.call('PUBLISH', 'spider:work:done', id)
    else
      redis.call('HSET', P .. 'job:' .. id, 'state', 'waiting')
      enqueue(id, job[2], job[3], job[4], true)
    end
  end
end
local pr = nil
for _, name in ipairs(redis.call('ZRANGE', P .. 'classes', 0, -1)) do
  if tonumber(name) <= tonumber(ARGV[2]) then pr = name break end
end
if not pr then return false end
local first = redis.call('ZRANGE', P .. 'turns:' .. pr, 0, 0)
local address = first[1]
local players = P .. 'players:' .. pr .. ':' .. address
local player = redis.call('ZRANGE', players, 0, 0)[1]
local lane = P .. 'lane:' .. pr .. ':' .. address .. ':' .. player
local id = redis.call('LPOP', lane)
local seconds = tonumber(redis.call('HGET', P .. 'job:' .. id, 'seconds') or '1')
local left = redis.call('DECR', P .. 'acount:' .. pr .. ':' .. address)
local waiting = redis.call('DECR', P .. 'count:' .. pr)
if redis.call('HGET', P .. 'job:' .. id, 'continuing') ~= '1' then
  redis.call('DECR', P .. 'facount:' .. pr .. ':' .. address)
  redis.call('DECR', P .. 'fcount:' .. pr)
end
redis.call('INCRBYFLOAT', P .. 'seconds:' .. pr, -seconds)
charge(players, P .. 'ptags:' .. pr .. ':' .. address, P .. 'pclock:' .. pr .. ':' .. address, player, seconds,
  redis.call('LLEN', lane) == 0)
charge(P .. 'turns:' .. pr, P .. 'tags:' .. pr, P .. 'clock:' .. pr, address, seconds, left <= 0)
charge(P .. 'classes', P .. 'ctags', P .. 'cclock', pr, seconds / WEIGHTS[pr], waiting <= 0)
redis.call('HINCRBY', P .. 'job:' .. id, 'attempts', 1)
redis.call('HSET', P .. 'job:' .. id, 'state', 'running', 'worker', ARGV[3])
redis.call('ZADD', P .. 'running', now + tonumber(ARGV[4]), id)
return {id, redis.call('HGET', P .. 'job:' .. id, 'call')}
"""

RENEW = _COMMON + """
-- ARGV: prefix, id, worker, lease (ms)
local now = now_ms()
redis.call('ZADD', P .. 'workers', now, ARGV[3])
return redis.call('ZADD', P .. 'running', 'XX', 'CH', now + tonumber(ARGV[4]), ARGV[2])
"""

FINISH = _COMMON + """
-- ARGV: prefix, id, state (done, failed), answer, seconds
local id = ARGV[2]
if redis.call('ZREM', P .. 'running', id) == 0 then return 0 end
local job = redis.call('HMGET', P .. 'job:' .. id, 'kind', 'player', 'key')
redis.call('HSET', P .. 'job:' .. id, 'state', ARGV[3], 'answer', ARGV[4])
redis.call('HDEL', P .. 'job:' .. id, 'call')
redis.call('EXPIRE', P .. 'job:' .. id, KEEP_SECONDS)
release(id, job[1], job[2], job[3])
if ARGV[3] == 'done' then
  local mean = tonumber(redis.call('HGET', P .. 'seconds', job[1]) or ARGV[5])
  redis.call('HSET', P .. 'seconds', job[1], tostring(mean + 0.25 * (tonumber(ARGV[5]) - mean)))
end
redis.call('PUBLISH', 'spider:work:done', id)
return 1
"""
