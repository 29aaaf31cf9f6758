/**
 * How late this process's event loop runs: a 1 ms timer notes when it fires, and `longest()` is the
 * longest time two of its turns took (since started, or since the last `longest()`).
 *
 * A test that bounds a delay in wall time adds this to its bound: a timer fires and a clock read once
 * a turn is renewed (lru-cache's) at most about that late. It is under a few ms on an idle machine and
 * can reach hundreds in a process starved of CPU, where no wall-clock bound of a few ms can hold.
 */
export function watchTurns(): { longest(): number; stop(): void } {
  let ticks = [performance.now()]
  const timer = setInterval(() => ticks.push(performance.now()), 1)
  timer.unref?.()
  return {
    longest() {
      ticks.push(performance.now())
      let longest = 0
      for (let i = 2; i < ticks.length; i++) longest = Math.max(longest, ticks[i]! - ticks[i - 2]!)
      ticks = [ticks.at(-1)!]
      return Math.ceil(longest)
    },
    stop: () => clearInterval(timer),
  }
}
