#!/usr/bin/env node
// Issue 29/36's budget: the proxy's CPU per call against a bare node:http pass-through (the floor),
// both at the same fixed request rate, on a shared machine.
//   node test/bench/proxy-load-cpu.mjs [--rounds 7] [--seconds 3] [--kinds history,rpc]
// (BLOCKFEED_DIST=<dir> measures another build; BASE_DIST=<dir> puts a second build of the proxy
// in place of the floor, for an A/B of a change.) Prints one JSON object. Needs `npm run build`.
//
// How: three processes on 127.0.0.1 (a local upstream answering from bytes made once, the proxy, the
// floor) and autocannon here at one overall rate. Each side's CPU is its own process's
// (process.cpuUsage over IPC, before and after a paced run), divided by the requests it answered.
// Rounds are interleaved (proxy, floor, floor, proxy, …: the order flips each round so that a drift
// of the machine's load lands on both), one ratio per round, and the figure is the median of the
// ratios. Each side is warmed up first (JIT, kept-alive sockets) and the first round is not counted.
// GC counts of each side (perf_hooks 'gc' entries) are reported with it: a round with a major GC
// more on one side is what makes ratios spread.
import { fork } from 'node:child_process'
import os from 'node:os'
import autocannon from 'autocannon'

const here = import.meta.dirname

/** Requests a second per kind: well under either side's saturation on a shared 2-core machine. */
export const CPU_RATES = { history: Number(process.env.RATE_HISTORY ?? 300), rpc: Number(process.env.RATE_RPC ?? 1_500) }
const wallet = '0xd8da6bf26964af9d7eed9e10c67ec0a8b24e5a3f'
const historyPath = `/api/v2.2/wallets/${wallet}/history?chain=eth`
const rpcBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [wallet, 'latest'] })

/** A child process that says `{ ready, port }` over IPC, with a one-answer request helper. */
export async function child(file, { env = {}, execArgv = [] } = {}) {
  const proc = fork(`${here}/${file}`, [], { env: { ...process.env, ...env }, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const ready = await new Promise((resolve, reject) => {
    proc.once('message', resolve)
    proc.once('exit', (code) => reject(new Error(`${file} exited (${code}) before it was ready`)))
  })
  const ask = (message, key) =>
    new Promise((resolve) => {
      const on = (m) => {
        if (m && m[key] !== undefined) {
          proc.off('message', on)
          resolve(m)
        }
      }
      proc.on('message', on)
      proc.send(message)
    })
  const stop = () =>
    new Promise((resolve) => {
      if (proc.exitCode !== null) return resolve()
      proc.once('exit', resolve)
      proc.send('stop')
      setTimeout(() => proc.kill('SIGKILL'), 3_000).unref()
    })
  return { ...ready, pid: proc.pid, ask, stop }
}

/** What autocannon sends to one side for a kind. */
export function targetOf(kind, port) {
  if (kind === 'history') return { url: `http://127.0.0.1:${port}/api/blockfeed${historyPath}` }
  return { url: `http://127.0.0.1:${port}/api/blockfeed/rpc`, method: 'POST', headers: { 'content-type': 'application/json' }, body: rpcBody }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const round = (x, d = 2) => Math.round(x * 10 ** d) / 10 ** d

/** One paced run against one side: its CPU per answered request, and the GCs it ran meanwhile. */
async function paced(side, target, rate, seconds) {
  const before = await side.ask('cpu', 'cpuMs')
  const r = await autocannon({ ...target, connections: 10, duration: seconds, overallRate: rate, timeout: 30 })
  const after = await side.ask('cpu', 'cpuMs')
  const requests = r.requests.total
  const gc = after.gc && before.gc ? { minor: after.gc.minor - before.gc.minor, major: after.gc.major - before.gc.major, ms: after.gc.ms - before.gc.ms } : undefined
  return {
    requests,
    failed: r.non2xx + r.errors + r.timeouts,
    cpuUsPerRequest: ((after.cpuMs - before.cpuMs) * 1000) / requests,
    userUsPerRequest: ((after.userMs - before.userMs) * 1000) / requests,
    systemUsPerRequest: ((after.systemMs - before.systemMs) * 1000) / requests,
    faultsPerRequest: (after.minorFaults - before.minorFaults) / requests,
    // The rate this side was given: a starved machine can leave it short, and CPU per request rises when it does.
    achievedRate: requests / seconds,
    gc,
  }
}

/**
 * The CPU per request of `proxy` against `floor`, for one kind at one rate: `rounds` interleaved
 * rounds after a warm-up and a first round not counted; the median ratio, its spread and the GCs.
 */
export async function cpuVsFloor({ proxy, floor, kind, rate = CPU_RATES[kind] ?? Number(process.env[`RATE_${kind.toUpperCase()}`]), rounds = 7, seconds = 3 }) {
  const sides = { proxy, floor }
  const targets = { proxy: targetOf(kind, proxy.port), floor: targetOf(kind, floor.port) }
  // Warm-up: JIT (the optimizing compiler runs on a thread of its own, late on a busy machine), kept-alive
  // sockets, heap grown to its working size; first at full speed, then at the rate.
  for (const side of ['proxy', 'floor']) {
    await autocannon({ ...targets[side], connections: 10, duration: 2, timeout: 30 })
    await paced(sides[side], targets[side], rate, 2)
  }
  const runs = { proxy: [], floor: [] }
  const ratios = []
  // Rounds in which both sides answered at the rate asked: a side the machine left short did less work
  // per wake-up of its event loop, and its CPU per request is not the same figure.
  const fullRatios = []
  let starved = 0
  for (let i = 0; i <= rounds; i++) {
    const order = i % 2 ? ['floor', 'proxy'] : ['proxy', 'floor']
    const got = {}
    for (const side of order) got[side] = await paced(sides[side], targets[side], rate, seconds)
    // Round 0 is one more warm-up (the first paced seconds after a burst).
    if (i === 0) continue
    runs.proxy.push(got.proxy)
    runs.floor.push(got.floor)
    ratios.push(got.proxy.cpuUsPerRequest / got.floor.cpuUsPerRequest)
    if (got.proxy.achievedRate < 0.9 * rate || got.floor.achievedRate < 0.9 * rate) starved++
    else fullRatios.push(ratios.at(-1))
  }
  const summary = (list) => ({
    cpuUsPerRequest: round(median(list.map((r) => r.cpuUsPerRequest)), 1),
    userUsPerRequest: round(median(list.map((r) => r.userUsPerRequest)), 1),
    systemUsPerRequest: round(median(list.map((r) => r.systemUsPerRequest)), 1),
    faultsPerRequest: round(median(list.map((r) => r.faultsPerRequest)), 2),
    achievedRates: list.map((r) => Math.round(r.achievedRate)),
    requests: list.reduce((n, r) => n + r.requests, 0),
    failed: list.reduce((n, r) => n + r.failed, 0),
    ...(list[0].gc
      ? {
          // Per 1,000 requests, over all counted rounds.
          minorGcPer1000: round((1000 * list.reduce((n, r) => n + r.gc.minor, 0)) / list.reduce((n, r) => n + r.requests, 0), 1),
          majorGcPer1000: round((1000 * list.reduce((n, r) => n + r.gc.major, 0)) / list.reduce((n, r) => n + r.requests, 0), 2),
          gcUsPerRequest: round((1000 * list.reduce((n, r) => n + r.gc.ms, 0)) / list.reduce((n, r) => n + r.requests, 0), 1),
          majorGcPerRound: list.map((r) => r.gc.major),
        }
      : {}),
  })
  return {
    rate,
    rounds,
    seconds,
    // The median over the rounds run at the full rate when there are three or more, else over all.
    ratio: round(median(fullRatios.length >= 3 ? fullRatios : ratios)),
    ratioMin: round(Math.min(...(fullRatios.length >= 3 ? fullRatios : ratios))),
    ratioMax: round(Math.max(...(fullRatios.length >= 3 ? fullRatios : ratios))),
    countedRounds: fullRatios.length >= 3 ? fullRatios.length : ratios.length,
    ratioAllRounds: round(median(ratios)),
    ratios: ratios.map((r) => round(r)),
    // Rounds in which either side answered under 90 % of the rate asked (a starved machine), left out of `ratio` when three or more others remain.
    starvedRounds: starved,
    proxy: summary(runs.proxy),
    floor: summary(runs.floor),
  }
}

/** The upstream, the proxy and the floor in their own processes, each kind measured, all stopped after. */
export async function measureCpu({ kinds = ['rpc', 'history'], rounds = 7, seconds = 3, nodeArgs = process.env.NODE_ARGS ? process.env.NODE_ARGS.split(' ') : [] } = {}) {
  const upstream = await child('proxy-load-upstream.mjs')
  const out = { cpus: os.cpus().length, loadAverageAtStart: round(os.loadavg()[0]), upstreamPageBytes: upstream.pageBytes }
  try {
    const env = { UPSTREAM_PORT: String(upstream.port), CACHE: 'off' }
    // V8 or Node flags for both sides (NODE_ARGS, e.g. --max-semi-space-size=16), to see what moves the GC figures.
    const execArgv = nodeArgs
    const proxy = await child('proxy-load-proxy.mjs', { env, execArgv })
    // BASE_DIST: another build of the proxy in the floor's place (A/B), else the pass-through.
    const floor = await child('proxy-load-proxy.mjs', { env: process.env.BASE_DIST ? { ...env, BLOCKFEED_DIST: process.env.BASE_DIST } : { ...env, FLOOR: '1' }, execArgv })
    try {
      for (const kind of kinds) out[kind] = await cpuVsFloor({ proxy, floor, kind, rounds, seconds })
    } finally {
      await floor.stop()
      await proxy.stop()
    }
  } finally {
    await upstream.stop()
  }
  out.nodeArgs = nodeArgs
  out.loadAverageAtEnd = round(os.loadavg()[0])
  return out
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`)
    return at === -1 ? fallback : process.argv[at + 1]
  }
  const result = await measureCpu({ kinds: arg('kinds', 'rpc,history').split(','), rounds: Number(arg('rounds', 7)), seconds: Number(arg('seconds', 3)) })
  console.log(JSON.stringify(result, null, 2))
}
