import { SKIP, type AnswerStore, type CacheOutcome, type StoredAnswer } from './answerStore.js'

// One load per key: the callers that wait on a load under way (single flight, in this process), and
// the load itself, which asks the store first and, with Redis, takes a lock so that one instance of a
// deployment calls upstream while the others wait for its answer.

const POLL_MS = 25
/** Deletes the lock only while it is still ours: one that outlived its expiry may be another holder's by now. */
const UNLOCK = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0"

/** An upstream load under way, and how many callers still wait on it. */
export interface Flight {
  run: Promise<StoredAnswer & { cache: CacheOutcome }>
  waiters: number
  controller: AbortController
  forget?: () => void
}

/**
 * One caller's wait on a flight: left at once when its `signal` aborts (rejecting with the signal's
 * reason); the last caller to leave aborts the load, which no later caller may then join.
 */
export function wait<T>(flight: Flight, answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  flight.waiters += 1
  if (!signal) return answer
  if (signal.aborted) return leave(flight), Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const gone = () => {
      leave(flight)
      reject(signal.reason)
    }
    signal.addEventListener('abort', gone, { once: true })
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', gone))
  })
}

function leave(flight: Flight): void {
  flight.waiters -= 1
  if (flight.waiters > 0) return
  flight.forget?.()
  flight.controller.abort()
}

/** The answer for `key` from the store, from another instance's load under the Redis lock, or from `load` (one per key across instances). */
export async function loadOnce(
  store: AnswerStore,
  key: string,
  ttl: number | null,
  load: (signal: AbortSignal) => Promise<StoredAnswer>,
  signal: AbortSignal,
  cacheable: (answer: StoredAnswer) => boolean,
  lockMs: number,
): Promise<StoredAnswer & { cache: CacheOutcome }> {
  const found = await store.peek(key, ttl)
  if (found) return { ...found, cache: 'hit' }
  const lockKey = `${store.prefix}:${key}:lock`
  // Our own token: a holder whose load outlasted the lock must not unlock the one who took it next.
  const token = crypto.randomUUID()
  const locked = await store.tryRedis((r) => r(['SET', lockKey, token, 'PX', lockMs, 'NX']))
  try {
    // Locked: the holder before us stores its answer before it unlocks, and between our miss and our lock
    // it may have done both, so look once more. Not locked: another instance is loading this very answer.
    const stored = locked === 'OK' ? await store.sharedAnswer(key, ttl) : locked === null ? await waitForOther(store, key, ttl, lockKey, lockMs) : undefined
    if (stored && stored !== SKIP) return { ...stored, cache: 'shared' }
    const answer = await load(signal)
    if (cacheable(answer)) await store.keep(key, answer, ttl)
    return { ...answer, cache: 'miss' }
  } finally {
    // Released however the load ended: a lock left behind by a failed load would hold every other instance up to waitForOtherMs.
    if (locked === 'OK') await store.tryRedis((r) => r(['EVAL', UNLOCK, 1, lockKey, token]))
  }
}

/** The answer another instance stores while it holds the lock, or undefined when it unlocks without one, Redis fails, or the wait is over. */
async function waitForOther(store: AnswerStore, key: string, ttl: number | null, lockKey: string, lockMs: number): Promise<StoredAnswer | undefined> {
  const deadline = Date.now() + lockMs
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS))
    const stored = await store.sharedAnswer(key, ttl)
    if (stored === SKIP) return undefined
    if (stored) return stored
    const stillLocked = await store.tryRedis((r) => r(['EXISTS', lockKey]))
    if (stillLocked === SKIP) return undefined
    if (stillLocked === 0) {
      // Unlocked since our read: the holder stored its answer first, unless it was not cacheable.
      const late = await store.sharedAnswer(key, ttl)
      return late && late !== SKIP ? late : undefined
    }
  }
  return undefined
}
