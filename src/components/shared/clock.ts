import { useSyncExternalStore } from 'react'

/**
 * One clock for every RelativeTime on the page: a single interval runs while at least one
 * component listens and stops when the last one unmounts.
 */
const TICK_MS = 30_000
const listeners = new Set<() => void>()
let now = Date.now()
let timer: ReturnType<typeof setInterval> | undefined

function tick() {
  now = Date.now()
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (timer === undefined) {
    now = Date.now()
    timer = setInterval(tick, TICK_MS)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

const getSnapshot = () => now
// On the server (and while hydrating) there is no "now": components fall back to absolute dates.
const getServerSnapshot = () => null

/** The shared current time in ms, updated every 30 s; null during server rendering. */
export function useNow(): number | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}

/** How many intervals are running (0 or 1): lets tests prove the timer is shared. */
export function activeClockTimers(): number {
  return timer === undefined ? 0 : 1
}
