import type { BlockfeedClient } from '../clientTypes.js'
import { watchHead } from './headPoller.js'
import { chainKey } from './trackerStore.js'

interface FollowedChain {
  release: (() => void) | undefined
  checking: boolean
  queuedHead: bigint | undefined
}

export interface ChainFollowingOptions {
  client: BlockfeedClient
  intervalMs: number
  /** Whether a chain (by `chainKey`) has a record still changing. */
  hasUnfinished(chainKey: string): boolean
  /** Runs for each new head; what it throws is dropped (the next head tries again). */
  checkHead(chain: string, head: bigint): Promise<void>
  isStopped(): boolean
}

export interface ChainFollowing {
  /** Follows the chain's head while it has a record still changing, and lets go of it otherwise. */
  sync(chain: string): void
  releaseAll(): void
}

/** Each chain with unfinished records subscribed to its shared head poller, with one check per chain at a time. */
export function createChainFollowing(options: ChainFollowingOptions): ChainFollowing {
  const chains = new Map<string, FollowedChain>()

  async function checkInTurn(chain: string, followed: FollowedChain, head: bigint) {
    // A head that arrives during a check is checked right after it.
    if (followed.checking) {
      followed.queuedHead = head
      return
    }
    followed.checking = true
    try {
      await options.checkHead(chain, head)
    } catch {
      // Answers are checked before use (nodeAnswers.ts); should anything still throw, nothing changes and the next block tries again.
    } finally {
      followed.checking = false
      const next = followed.queuedHead
      followed.queuedHead = undefined
      if (next !== undefined && !options.isStopped()) void checkInTurn(chain, followed, next)
    }
  }

  return {
    sync(chain) {
      const key = chainKey(chain)
      let followed = chains.get(key)
      const busy = !options.isStopped() && options.hasUnfinished(key)
      if (busy && !followed?.release) {
        if (!followed) chains.set(key, (followed = { release: undefined, checking: false, queuedHead: undefined }))
        const target = followed
        target.release = watchHead(options.client, chain, { intervalMs: options.intervalMs, onHead: (head) => void checkInTurn(chain, target, head) })
      } else if (!busy && followed?.release) {
        followed.release()
        followed.release = undefined
      }
    },
    releaseAll() {
      for (const followed of chains.values()) {
        followed.release?.()
        followed.release = undefined
      }
    },
  }
}
