// Shared by the reader benchmarks (history-page.mjs, history-http.mjs); no side effects, so tests may import them.

/**
 * CPU time of `full` over `plain`, in `runs` interleaved pairs (each goes first every other time, so
 * neither always gets the warmer cache): the median ratio and the totals in ms.
 */
export async function interleavedCpuRatio(plain, full, runs) {
  const cpu = () => {
    const u = process.cpuUsage()
    return (u.user + u.system) / 1000
  }
  const ratios = []
  let plainMs = 0
  let fullMs = 0
  for (let i = 0; i < runs; i++) {
    let a
    let b
    if (i % 2 === 0) {
      let t = cpu(); await plain(); a = cpu() - t
      t = cpu(); await full(); b = cpu() - t
    } else {
      let t = cpu(); await full(); b = cpu() - t
      t = cpu(); await plain(); a = cpu() - t
    }
    plainMs += a
    fullMs += b
    if (a > 0) ratios.push(b / a)
  }
  ratios.sort((x, y) => x - y)
  return { medianRatio: ratios[Math.floor(ratios.length / 2)], plainMs, fullMs }
}
