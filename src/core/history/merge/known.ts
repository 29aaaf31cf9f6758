import type { MergeKey } from '../order.js'
import { compareInOrder } from './frontier.js'
import type { TransactionRecord } from './record.js'
import { createSeenHashes, hasHash, seenBefore } from './seenHashes.js'
import type { KnownGeneration, MergeState } from './state.js'

/** A generation for one source page of chain `chainIndex`. */
export function openGeneration(state: MergeState, chainIndex: number, pinned: boolean): KnownGeneration {
  const generation: KnownGeneration = { pinned, hashes: createSeenHashes(), records: new Map(), last: undefined }
  state.known[chainIndex]!.push(generation)
  return generation
}

/** The record of `hash` any generation of the chain holds (several wallets). */
export function knownRecord(generations: readonly KnownGeneration[], hash: string): TransactionRecord | undefined {
  for (let i = generations.length - 1; i >= 0; i--) {
    const found = generations[i]!.records.get(hash)
    if (found) return found
  }
  return undefined
}

/** Whether `hash` was delivered on the chain before (one wallet); records it in `into` when not. */
export function knownBefore(generations: readonly KnownGeneration[], into: KnownGeneration, hash: string): boolean {
  for (const g of generations) if (g !== into && hasHash(g.hashes, hash)) return true
  return seenBefore(into.hashes, hash)
}

/**
 * Forgets the generations no source can repeat or join any more, so the merge's memory stays flat
 * however deep the feed goes. A service repeats entries of a source's current or previous page, and
 * another wallet's view of a transaction comes before it is emitted (the frontier rule) or, from a
 * source that failed, once it is retried, after where it stopped: so what sorts before the previous
 * page (`floor`) of every source not done is not asked about again. A failed source holds its chain's
 * line where it stopped until it is retried. First pages are kept (`pinned`, for arrivals).
 */
export function forgetPassedGenerations(state: MergeState): void {
  state.known.forEach((generations, chainIndex) => {
    let line: MergeKey | undefined
    for (const s of state.sources) {
      if (s.chainIndex !== chainIndex || s.status === 'done') continue
      if (s.floor === undefined) return
      if (line === undefined || compareInOrder(state, s.floor, line) < 0) line = s.floor
    }
    if (line === undefined) return
    const kept = generations.filter((g) => g.pinned || (g.last !== undefined && compareInOrder(state, g.last, line) >= 0))
    if (kept.length !== generations.length) generations.splice(0, generations.length, ...kept)
  })
}
