// Filtering 10,000 loaded entries with a text search (issue 16): the time of each keystroke of a
// typed query, the first included (it builds the search text of every entry once).
import { createClient, filterWalletHistory } from '../../dist/exports/index.js'
import { makePage } from './page-fixture.mjs'

export async function measureFilter({ total = 10_000, limit = 100, query = '0xa0b8 usdc router'.split(' ')[0] } = {}) {
  const template = makePage(limit, 5)
  const wallet = template.result[0].from_address
  const pages = total / limit
  const bodies = Array.from({ length: pages }, (_, p) =>
    JSON.stringify({ ...template, result: template.result.map((e, i) => ({ ...e, hash: `0x${(p * limit + i).toString(16).padStart(64, '0')}` })), cursor: p + 1 < pages ? String(p + 1) : '' }),
  )
  const client = createClient({ baseUrl: 'http://history.invalid', chain: 'eth', fetch: async (url) => new Response(bodies[Number(new URL(url).searchParams.get('cursor') ?? 0)]) })
  const entries = []
  for await (const page of client.walletHistoryPages({ address: wallet, limit })) entries.push(...page.result)

  const keystrokes = []
  const typed = ['u', 'us', 'usd', 'usdc', 'usd', 'uniswap v3', 'router', '0x00000000000000000000000000000000000000000000000000000000000026']
  let kept = 0
  for (const q of typed) {
    const t0 = performance.now()
    kept = filterWalletHistory(entries, wallet, { search: q, directions: ['in'] }).length
    keystrokes.push(performance.now() - t0)
  }
  const sorted = [...keystrokes].sort((a, b) => a - b)
  return { entries: entries.length, keystrokes: keystrokes.length, firstMs: keystrokes[0], medianMs: sorted[Math.floor(sorted.length / 2)], maxMs: sorted.at(-1), maxAfterFirstMs: Math.max(...keystrokes.slice(1)), lastKept: kept, query }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureFilter(), null, 2))
