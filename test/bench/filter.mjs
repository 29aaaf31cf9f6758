// Filtering 10,000 loaded entries with a text search (issue 16): the time of each keystroke of a
// typed query. Twice: cold (the first keystroke builds every entry's search text), and as the
// feed does it, with the search text built page by page as pages arrive (idle work).
import { createClient, filterWalletHistory, prepareWalletHistoryFilter } from '../../dist/exports/index.js'
import { makePage } from './page-fixture.mjs'

const typed = ['u', 'us', 'usd', 'usdc', 'usd', 'uniswap v3', 'router', '0x00000000000000000000000000000000000000000000000000000000000026']

// CPU time too: on a shared, loaded machine the wall clock counts other processes' turns.
function timed(run) {
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  const out = run()
  const wall = performance.now() - t0
  const c = process.cpuUsage(c0)
  return { out, wall, cpu: (c.user + c.system) / 1000 }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function load({ total, limit, prepare }) {
  const template = makePage(limit, 5)
  const wallet = template.result[0].from_address
  const pages = total / limit
  const bodies = Array.from({ length: pages }, (_, p) =>
    JSON.stringify({ ...template, result: template.result.map((e, i) => ({ ...e, hash: `0x${(p * limit + i).toString(16).padStart(64, '0')}` })), cursor: p + 1 < pages ? String(p + 1) : '' }),
  )
  const client = createClient({ baseUrl: 'http://history.invalid', chain: 'eth', fetch: async (url) => new Response(bodies[Number(new URL(url).searchParams.get('cursor') ?? 0)]) })
  const entries = []
  const perPage = []
  for await (const page of client.walletHistoryPages({ address: wallet, limit })) {
    entries.push(...page.result)
    if (prepare) perPage.push(timed(() => prepareWalletHistoryFilter(page.result, 'eth')))
  }
  return { wallet, entries, perPage }
}

function type(entries, wallet) {
  let kept = 0
  const strokes = typed.map((q) => timed(() => (kept = filterWalletHistory(entries, wallet, { search: q, directions: ['in'] }, 'eth').length)))
  return { strokes, kept }
}

export async function measureFilter({ total = 10_000, limit = 100 } = {}) {
  const cold = await load({ total, limit, prepare: false })
  const c = type(cold.entries, cold.wallet)
  const warm = await load({ total, limit, prepare: true })
  const w = type(warm.entries, warm.wallet)
  const wall = w.strokes.map((s) => s.wall)
  const cpu = w.strokes.map((s) => s.cpu)
  return {
    entries: warm.entries.length,
    keystrokes: typed.length,
    coldFirstMs: c.strokes[0].wall,
    coldFirstCpuMs: c.strokes[0].cpu,
    preparePerPageMedianCpuMs: median(warm.perPage.map((p) => p.cpu)),
    firstMs: wall[0],
    medianMs: median(wall),
    maxMs: Math.max(...wall),
    firstCpuMs: cpu[0],
    medianCpuMs: median(cpu),
    maxCpuMs: Math.max(...cpu),
    lastKept: w.kept,
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureFilter(), null, 2))
