/**
 * Runs `run` and answers its result, or `fallback` when it throws, rejects or takes longer than
 * `ms`: a storage that fails or hangs never reaches the feed, and never holds it up for longer.
 */
export function settle<T>(run: () => unknown, fallback: T, ms: number): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), Math.max(0, ms))
    const done = (value: T) => {
      clearTimeout(timer)
      resolve(value)
    }
    try {
      Promise.resolve(run()).then(
        (value) => done(value as T),
        () => done(fallback),
      )
    } catch {
      done(fallback)
    }
  })
}

/** One warning in development, none in production (bundlers replace `process.env.NODE_ENV`). */
export function warnInDevelopment(message: string): void {
  let production = false
  try {
    production = process.env.NODE_ENV === 'production'
  } catch {}
  if (!production) console.warn(`blockfeed: ${message}`)
}
