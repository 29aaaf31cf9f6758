import { outageLog, redisCommand, type RedisClient, type RedisCommand, type StoreWarning } from './store/redis.js'

// One head poller per chain for a whole deployment: a leader lease in Redis (SET NX PX, renewed by
// its holder), the head the leader read kept in a key and published on a channel. The others follow
// through pub/sub and take the lease when it expires.

/** What a claim found: whether this instance holds the lease, the head the leader last stored, and how long the lease has left. */
export interface Claim {
  leader: boolean
  head: bigint | undefined
  /** The lease's remaining life in ms (-2: none). */
  leaseLeftMs: number
}

export interface SharedHeads {
  /** Takes the lease when it is free, renews it when it is ours; undefined when Redis could not be asked. */
  claim(chain: string, token: string, leaseMs: number): Promise<Claim | undefined>
  /** Stores and publishes a head read by the leader. */
  publish(chain: string, head: bigint, keepMs: number): Promise<void>
  /** Gives the lease up when it is still ours (the last subscriber left): another instance takes it at once. */
  release(chain: string, token: string): Promise<void>
  /** Heads published for `chain` (by whichever instance leads), while the returned function is not called. */
  follow(chain: string, onHead: (head: bigint) => void): () => void
}

export interface SharedHeadsOptions {
  redis: RedisClient
  keyPrefix: string
  timeoutMs: number
  onWarning?: StoreWarning | undefined
}

/**
 * Renews the lease when it is ours; takes it with SET NX PX when nobody holds it. One round trip a
 * tick, which also reads the stored head (a follower's catch-up when a message was missed).
 */
const CLAIM = `local holder = redis.call('GET', KEYS[1])
local mine = 0
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  mine = 1
elseif not holder then
  if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then mine = 1 end
end
return {mine, redis.call('GET', KEYS[2]), redis.call('PTTL', KEYS[1])}`
const PUBLISH = "redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return redis.call('PUBLISH', ARGV[3], ARGV[1])"
/** Deletes the lease only while it is still ours: an expired one may be another instance's by now. */
const RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"

const MAX_BLOCK = BigInt(Number.MAX_SAFE_INTEGER)

export function createSharedHeads(options: SharedHeadsOptions): SharedHeads {
  const redis: RedisCommand = redisCommand(options.redis, options.timeoutMs)
  const outage = outageLog('head stream', options.onWarning)
  const keys = (chain: string) => {
    // One hash slot for a chain's two keys (the claim reads both in one script), on a Redis Cluster too.
    const base = `${options.keyPrefix}:{${chain}}`
    return { lease: `${base}:lease`, head: `${base}:value`, channel: base }
  }
  const ask = async <T>(args: (string | number)[]): Promise<T | undefined> => {
    // Down: asked once a second (each ask waits out the deadline); meanwhile every instance polls on its own.
    if (!outage.worthAsking()) return undefined
    try {
      const value = (await redis(args)) as T
      outage.ok()
      return value
    } catch (error) {
      outage.failed(error)
      return undefined
    }
  }
  const channels = createFollowers(options.redis)

  return {
    async claim(chain, token, leaseMs) {
      const k = keys(chain)
      const reply = await ask<unknown[]>(['EVAL', CLAIM, 2, k.lease, k.head, token, leaseMs])
      if (!Array.isArray(reply)) return undefined
      return { leader: reply[0] === 1, head: parseHead(reply[1]), leaseLeftMs: typeof reply[2] === 'number' ? reply[2] : -2 }
    },
    async publish(chain, head, keepMs) {
      const k = keys(chain)
      await ask(['EVAL', PUBLISH, 1, k.head, `0x${head.toString(16)}`, keepMs, k.channel])
    },
    async release(chain, token) {
      await ask(['EVAL', RELEASE, 1, keys(chain).lease, token])
    },
    follow(chain, onHead) {
      return channels.follow(keys(chain).channel, (message) => {
        const head = parseHead(message)
        if (head !== undefined) onHead(head)
      })
    },
  }
}

/** A head as stored or published (`0x…`), or undefined for anything else. */
function parseHead(value: unknown): bigint | undefined {
  if (typeof value !== 'string' || !/^0x[0-9a-f]{1,14}$/i.test(value)) return undefined
  const head = BigInt(value)
  return head <= MAX_BLOCK ? head : undefined
}

/** An ioredis client as far as pub/sub goes: a second connection of its own (`duplicate`), `subscribe` and `message` events. */
interface PubSubClient {
  duplicate(): PubSubConnection
}
interface PubSubConnection {
  subscribe(channel: string): Promise<unknown>
  unsubscribe(channel: string): Promise<unknown>
  on(event: 'message', listener: (channel: string, message: string) => void): unknown
  on(event: 'error', listener: (error: unknown) => void): unknown
  disconnect(): void
}

function canPubSub(client: RedisClient): client is RedisClient & PubSubClient {
  return typeof (client as { duplicate?: unknown }).duplicate === 'function' && typeof (client as { call?: unknown }).call === 'function'
}

/**
 * One subscriber connection per proxy instance (a connection in subscriber mode takes no other
 * command), opened with the first followed channel and closed with the last. A client without
 * ioredis' `duplicate` follows by the stored head each claim reads instead (up to a tick later).
 */
function createFollowers(client: RedisClient) {
  const listeners = new Map<string, Set<(message: string) => void>>()
  let connection: PubSubConnection | undefined
  const onMessage = (channel: string, message: string) => {
    for (const listener of listeners.get(channel) ?? []) listener(message)
  }
  return {
    follow(channel: string, listener: (message: string) => void): () => void {
      if (!canPubSub(client)) return () => {}
      if (!connection) {
        connection = client.duplicate()
        // Reconnects on its own (and subscribes again) after an outage; its errors are the claims' to report.
        connection.on('error', () => {})
        connection.on('message', onMessage)
      }
      const open = connection
      let set = listeners.get(channel)
      if (!set) {
        listeners.set(channel, (set = new Set()))
        // Not awaited: during an outage it waits for the connection, and nothing should wait on it.
        open.subscribe(channel).catch(() => {})
      }
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size > 0 || listeners.get(channel) !== set) return
        listeners.delete(channel)
        if (listeners.size === 0 && connection === open) {
          connection = undefined
          open.disconnect()
        } else {
          open.unsubscribe(channel).catch(() => {})
        }
      }
    },
  }
}
