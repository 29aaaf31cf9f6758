#!/usr/bin/env node
// The React side of issue 13's budgets, counted at local HTTP servers in front of anvil (automine off)
// and of a devnet attached to it (the history API):
// A. 10 mounted Pending groups (useTrackedTransactions + PendingTransactions) of one wallet and chain under
//    one BlockfeedProvider, 20 tracked pending transactions: requests per new block; from `track` to a
//    visible pending row (renders, requests); nothing pending; a hidden tab.
// B. 10 mounted drop-in feeds (WalletActivityFeed, `watch` on: new arrivals and the Pending group) of one
//    wallet and chain, 20 tracked pending: per new block, polls, receipt batches and first-page history
//    reads; a hidden tab; 10 feeds with `watch` off and nothing pending. Prints figures, asserts nothing.
// Run after `npm run build`: node test/bench/live-feed.mjs
import { createServer } from 'node:http'
import { anvilWithCounter } from './anvil-counter.mjs'
import { JSDOM } from 'jsdom'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'

// A DOM before React loads; its visibility is ours to switch.
const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', { url: 'http://localhost/' })
let visibility = 'visible'
Object.defineProperty(dom.window.document, 'visibilityState', { get: () => visibility, configurable: true })
for (const key of ['window', 'document', 'navigator', 'localStorage', 'HTMLElement', 'Node', 'Event', 'MutationObserver', 'getComputedStyle']) {
  if (!(key in globalThis) || key === 'window' || key === 'document' || key === 'localStorage') {
    Object.defineProperty(globalThis, key, { value: key === 'window' ? dom.window : dom.window[key], configurable: true, writable: true })
  }
}
globalThis.IS_REACT_ACT_ENVIRONMENT = false

const React = await import('react')
const { createRoot } = await import('react-dom/client')
const { flushSync } = await import('react-dom')
const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query')
const { activeHeadPollers, createClient } = await import('../../dist/exports/index.js')
const { BlockfeedProvider, useTrackTransaction, useTrackedTransactions } = await import('../../dist/exports/react.js')
const { PendingTransactions, WalletActivityFeed } = await import('../../dist/exports/components.js')
const { startDevnet } = await import('../../dist/exports/devnet.js')
const h = React.createElement

const INTERVAL_MS = 200
const BLOCKS = 10
const FEEDS = 10
const CHAIN = '0x7a69'
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const account = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a') // anvil dev account 2

const { anvil, direct, requests, server, url: rpcUrl } = await anvilWithCounter()
const client = createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: rpcUrl }, chain: CHAIN, extraChains: [CHAIN], retry: false })

// 10 feeds of the same wallet; each counts its commits and exposes `track`.
const commits = new Array(FEEDS).fill(0)
let track
function Feed({ index }) {
  const t = useTrackTransaction()
  if (index === 0) track = t
  const records = useTrackedTransactions({ address: account.address, chain: CHAIN })
  return h(React.Profiler, { id: `feed-${index}`, onRender: () => void commits[index]++ }, h(PendingTransactions, { records, indexed: [], chain: CHAIN, className: `feed-${index}` }))
}
const root = createRoot(document.getElementById('root'))
flushSync(() =>
  root.render(
    h(QueryClientProvider, { client: new QueryClient() },
      h(BlockfeedProvider, { client, pollingIntervalMs: INTERVAL_MS }, ...Array.from({ length: FEEDS }, (_, i) => h(Feed, { key: i, index: i })))),
  ),
)

const isPoll = (r) => r.length === 1 && r[0] === 'eth_blockNumber'
const rows = (status) => document.querySelectorAll(`.feed-0 .bf-pending__item${status ? `[data-status="${status}"]` : ''}`).length
async function until(test, what, ms = 20_000) {
  const end = Date.now() + ms
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(2)
  }
}

// 1. Ten feeds mounted, nothing tracked: nothing is sent.
requests.length = 0
await sleep(1_000)
const idleBefore = requests.length

// 2. From track to a visible pending row: commits of each feed and requests on the way.
const base = Number(await direct('eth_getTransactionCount', [account.address, 'pending']))
const sign = (nonce) =>
  account.signTransaction({ chainId: foundry.id, type: 'eip1559', nonce, to: '0x00000000000000000000000000000000000b10c4', value: 1n, gas: 21_000n, maxFeePerGas: 100_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n })
const held = []
for (let i = 1; i <= 20; i++) {
  const raw = await sign(base + i)
  held.push({ raw, hash: await direct('eth_sendRawTransaction', [raw]) })
}
requests.length = 0
const before = [...commits]
const t0 = performance.now()
void track({ hash: held[0].hash, chain: CHAIN, raw: held[0].raw })
await until(() => rows() === 1, 'the first row')
const firstRowMs = performance.now() - t0
const firstRowRequests = requests.filter((r) => !isPoll(r)).length
const firstRowCommits = commits.map((c, i) => c - before[i])
for (const x of held.slice(1)) await track({ hash: x.hash, chain: CHAIN, raw: x.raw })
await until(() => rows('pending') === 20, '20 rows')
await until(() => requests.some((r) => r.includes('eth_getTransactionCount')), 'the first check')
await sleep(INTERVAL_MS)

// 3. Per new block, 20 pending, 10 feeds.
const perBlock = []
for (let b = 0; b < BLOCKS; b++) {
  requests.length = 0
  const c0 = [...commits]
  await direct('evm_mine')
  await until(() => requests.some((r) => r.includes('eth_getTransactionCount')), `block ${b}`)
  await sleep(40)
  perBlock.push({ polls: requests.filter(isPoll).length, work: requests.filter((r) => !isPoll(r)).length, commits: Math.max(...commits.map((c, i) => c - c0[i])) })
}

// 4. The missing nonce arrives: all 20 mined in one block, every feed shows them confirmed.
requests.length = 0
const c1 = [...commits]
await direct('eth_sendRawTransaction', [await sign(base)])
await direct('evm_mine')
await until(() => [...Array(FEEDS).keys()].every((i) => document.querySelectorAll(`.feed-${i} .bf-pending__item[data-status="confirmed"]`).length === 20), 'all confirmed in every feed')
const mined = { polls: requests.filter(isPoll).length, work: requests.filter((r) => !isPoll(r)).length, commits: Math.max(...commits.map((c, i) => c - c1[i])) }
// The group's own live region (its direct child): a confirmed row's transfer lines hold addresses with copy-status regions.
const announced = document.querySelector('.feed-0 > [role="status"]').textContent

// 5. Nothing pending: the poller stops.
await until(() => activeHeadPollers(client) === 0, 'the poller to stop')
await sleep(50)
requests.length = 0
await sleep(1_000)
const idleAfter = requests.length

// 6. A hidden tab: one more is tracked and mined; nothing is sent until the tab is shown.
visibility = 'hidden'
document.dispatchEvent(new dom.window.Event('visibilitychange'))
const next = await sign(base + 21)
const nextHash = await direct('eth_sendRawTransaction', [next])
requests.length = 0
await track({ hash: nextHash, chain: CHAIN, raw: next })
await direct('evm_mine')
await sleep(1_000)
const hidden = requests.length
visibility = 'visible'
document.dispatchEvent(new dom.window.Event('visibilitychange'))
await until(() => document.querySelectorAll('.feed-0 .bf-pending__item[data-status="confirmed"]').length === 21, 'the shown tab to catch up')

root.unmount()
await sleep(0) // the tracker stops after the commit
const pollersAfterUnmount = activeHeadPollers(client)

// B. Ten drop-in feeds. The devnet indexes the same anvil and serves the history API; a counting server in front of it.
const devnet = await startDevnet({ rpcUrl: anvil.rpcUrl, seed: false, pollIntervalMs: 100, onError: () => {} })
const history = []
const historyServer = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x')
  history.push({ cursor: url.searchParams.get('cursor') })
  const upstream = await fetch(`${devnet.url}${req.url}`, { headers: { accept: 'application/json' } })
  res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text())
})
await new Promise((r) => historyServer.listen(0, '127.0.0.1', r))
const historyUrl = `http://127.0.0.1:${historyServer.address().port}`
const feedClient = createClient({ baseUrl: historyUrl, rpc: { url: rpcUrl }, chain: CHAIN, extraChains: [CHAIN], retry: false })
const sender = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6') // anvil dev account 3
const feedBase = Number(await direct('eth_getTransactionCount', [sender.address, 'pending']))
const signFrom = (nonce) =>
  sender.signTransaction({ chainId: foundry.id, type: 'eip1559', nonce, to: '0x00000000000000000000000000000000000b10c4', value: 1n, gas: 21_000n, maxFeePerGas: 100_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n })
let trackFeed
function TrackHandle() {
  trackFeed = useTrackTransaction()
  return null
}
const feedProps = { address: sender.address, chain: CHAIN, showFilterBar: false, showExport: false, showNames: false, details: false }
localStorage.clear()
const feedRoot = createRoot(document.body.appendChild(document.createElement('div')))
flushSync(() =>
  feedRoot.render(
    h(QueryClientProvider, { client: new QueryClient() },
      h(BlockfeedProvider, { client: feedClient, pollingIntervalMs: INTERVAL_MS }, h(TrackHandle), ...Array.from({ length: FEEDS }, (_, i) => h(WalletActivityFeed, { key: i, ...feedProps, className: `wf-${i}` })))),
  ),
)
await until(() => document.querySelectorAll('.bf-feed[data-live="live"]').length === FEEDS, 'the feeds to load')
const feedHeld = []
for (let i = 1; i <= 20; i++) {
  const raw = await signFrom(feedBase + i)
  feedHeld.push({ raw, hash: await direct('eth_sendRawTransaction', [raw]) })
}
for (const x of feedHeld) await trackFeed({ hash: x.hash, chain: CHAIN, raw: x.raw })
await until(() => document.querySelectorAll('.wf-0 .bf-pending__item[data-status="pending"]').length === 20, '20 pending rows in the feed')
await sleep(3 * INTERVAL_MS)

const isHistoryFirst = (r) => r.cursor === null
const feedBlocks = []
for (let b = 0; b < BLOCKS; b++) {
  requests.length = 0
  history.length = 0
  await direct('evm_mine')
  await until(() => requests.some((r) => r.includes('eth_getTransactionCount')) && history.length > 0, `feed block ${b}`)
  await sleep(40)
  feedBlocks.push({ polls: requests.filter(isPoll).length, receipts: requests.filter((r) => r.includes('eth_getTransactionReceipt')).length, work: requests.filter((r) => !isPoll(r)).length, history: history.filter(isHistoryFirst).length, later: history.filter((r) => !isHistoryFirst(r)).length })
  await sleep(INTERVAL_MS)
}

// A hidden tab: a block is mined, nothing is sent; shown again, the feeds catch up.
visibility = 'hidden'
document.dispatchEvent(new dom.window.Event('visibilitychange'))
await sleep(2 * INTERVAL_MS)
requests.length = 0
history.length = 0
await direct('evm_mine')
await sleep(1_000)
const feedHidden = requests.length + history.length
visibility = 'visible'
document.dispatchEvent(new dom.window.Event('visibilitychange'))

// The missing nonce: all 21 mined in one block; every feed shows the indexed rows without a reload.
requests.length = 0
history.length = 0
const t1 = performance.now()
await direct('eth_sendRawTransaction', [await signFrom(feedBase)])
await direct('evm_mine')
await until(() => [...Array(FEEDS).keys()].every((i) => document.querySelectorAll(`.wf-${i} article`).length > 0 && document.querySelectorAll(`.wf-${i} .bf-pending__item`).length === 0), 'every feed to show the indexed rows', 30_000)
// Rows are virtualized: the feed's set size says how many it holds.
const indexedRows = document.querySelector('.wf-0 article')?.getAttribute('aria-setsize')
const arrived = { ms: performance.now() - t1, history: history.length, rpc: requests.length }
feedRoot.unmount()

// Ten feeds with `watch` off and nothing pending: nothing is sent once they have loaded.
localStorage.clear()
const quietRoot = createRoot(document.body.appendChild(document.createElement('div')))
flushSync(() =>
  quietRoot.render(
    h(QueryClientProvider, { client: new QueryClient() },
      h(BlockfeedProvider, { client: createClient({ baseUrl: historyUrl, rpc: { url: rpcUrl }, chain: CHAIN, extraChains: [CHAIN], retry: false }), pollingIntervalMs: INTERVAL_MS },
        ...Array.from({ length: FEEDS }, (_, i) => h(WalletActivityFeed, { key: i, ...feedProps, watch: false, className: `qf-${i}` })))),
  ),
)
await until(() => document.querySelectorAll('.qf-0 article').length > 0, 'the quiet feeds to load')
await sleep(50)
requests.length = 0
history.length = 0
await direct('evm_mine')
await sleep(1_000)
const quiet = requests.length + history.length
quietRoot.unmount()
historyServer.close()
await devnet.stop()

server.close()
await anvil.stop()

const max = (xs) => Math.max(...xs)
const table = [
  [`requests, ${FEEDS} feeds mounted, nothing tracked (1 s)`, idleBefore, '0'],
  ['track → visible pending row: requests on the way', firstRowRequests, '0'],
  ['track → visible pending row: commits per feed', `${max(firstRowCommits)} (max of ${FEEDS} feeds; ${firstRowMs.toFixed(1)} ms)`, '1'],
  [`eth_blockNumber polls per new block (max of ${BLOCKS}, ${FEEDS} feeds, 20 pending)`, max(perBlock.map((p) => p.polls)), '≤ 1'],
  ['other requests per new block (max)', max(perBlock.map((p) => p.work)), '≤ 1'],
  ['commits per feed for a block that changes nothing (max)', max(perBlock.map((p) => p.commits)), '0'],
  ['block mining all 20: requests besides the poll', mined.work, 'report'],
  ['block mining all 20: commits per feed', mined.commits, 'report'],
  ['live region after it', JSON.stringify(announced), '"Transaction confirmed"'],
  ['requests once nothing is pending (1 s)', idleAfter, '0'],
  ['requests while the tab is hidden (1 s, a block mined)', hidden, '0'],
  ['head pollers after the provider unmounts', pollersAfterUnmount, '0'],
  [`${FEEDS} WalletActivityFeeds (watch on), 20 pending: eth_blockNumber polls per new block (max of ${BLOCKS})`, max(feedBlocks.map((p) => p.polls)), '≤ 1'],
  ['… receipt requests per new block (max; each one batch)', max(feedBlocks.map((p) => p.receipts)), '≤ 1'],
  ['… all RPC requests besides the poll per new block (max)', max(feedBlocks.map((p) => p.work)), '≤ 1'],
  ['… first-page history requests per new block, 1 (wallet, chain) (max)', `${max(feedBlocks.map((p) => p.history))} (min ${Math.min(...feedBlocks.map((p) => p.history))})`, '1'],
  ['… history requests for later pages per new block (max)', max(feedBlocks.map((p) => p.later)), '0'],
  ['… requests while the tab is hidden (1 s, a block mined)', feedHidden, '0'],
  ['… all 21 mined in one block → indexed rows in every feed: history / RPC requests', `${arrived.history} / ${arrived.rpc} (${arrived.ms.toFixed(0)} ms; ${indexedRows} rows)`, 'report'],
  [`${FEEDS} WalletActivityFeeds, watch off, nothing pending: requests (1 s, a block mined)`, quiet, '0'],
]
const width = Math.max(...table.map((r) => r[0].length))
console.log(`${'figure'.padEnd(width)} | measured | target`)
for (const [figure, value, target] of table) console.log(`${figure.padEnd(width)} | ${value} | ${target}`)
process.exit(0)
