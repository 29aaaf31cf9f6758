/** How often a chain's head is read when no interval is given. */
export const DEFAULT_POLLING_INTERVAL_MS = 4_000

/** `ms` when it is a positive, finite number, else the default: a 0 or NaN (an unset environment variable) would poll in a tight loop. */
export const pollingInterval = (ms: number | undefined): number => (ms! > 0 && ms! < Infinity ? ms! : DEFAULT_POLLING_INTERVAL_MS)
