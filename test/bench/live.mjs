#!/usr/bin/env node
// Request budget of the transaction tracker, counted at a local HTTP server in front of anvil:
// 20 tracked pending transactions on one chain, per new block; nothing pending; a hidden tab.
// Run after `npm run build`: node test/bench/live.mjs
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { activeHeadPollers, createClient, createTransactionTracker, memoryStorage } from '../../dist/exports/index.js'
import { anvilWithCounter } from './anvil-counter.mjs'

const INTERVAL_MS = 200
const BLOCKS = 10
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const account = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6') // anvil dev account 3

// The counting server in front of anvil: every HTTP request the library sends, with the JSON-RPC methods it carries.
const { anvil, direct, requests, server, url: proxyUrl } = await anvilWithCounter()

const client = createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: proxyUrl }, chain: '0x7a69', extraChains: ['0x7a69'], retry: false })
const tracker = createTransactionTracker({ client, storage: memoryStorage(), pollingIntervalMs: INTERVAL_MS, confirmations: 1 })

const isPoll = (r) => r.length === 1 && r[0] === 'eth_blockNumber'
async function until(test, what, ms = 20_000) {
  const end = Date.now() + ms
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(5)
  }
}

// 1. Nothing tracked: no request at all.
await sleep(1_000)
const idleBefore = requests.length

// 2. 20 pending transactions of one wallet, held in the pool behind a missing nonce so blocks pass while they wait.
const base = Number(await direct('eth_getTransactionCount', [account.address, 'pending']))
const sign = (nonce) =>
  account.signTransaction({ chainId: foundry.id, type: 'eip1559', nonce, to: '0x00000000000000000000000000000000000b10c4', value: 1n, gas: 21_000n, maxFeePerGas: 100_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n })
const held = []
for (let i = 1; i <= 20; i++) {
  const raw = await sign(base + i)
  held.push({ raw, hash: await direct('eth_sendRawTransaction', [raw]) })
}
requests.length = 0
const trackedAt = performance.now()
for (const h of held) await tracker.track({ hash: h.hash, chain: '0x7a69', raw: h.raw })
const trackRequests = requests.filter((r) => !isPoll(r)).length
const trackMs = performance.now() - trackedAt
await until(() => requests.some((r) => r.includes('eth_getTransactionCount')), 'the first check')
await sleep(INTERVAL_MS)

const perBlock = []
for (let b = 0; b < BLOCKS; b++) {
  requests.length = 0
  await direct('evm_mine')
  await until(() => requests.some((r) => r.includes('eth_getTransactionCount')), `block ${b}`)
  await sleep(30) // a second batch, if any, would be on its way by now
  perBlock.push({ polls: requests.filter(isPoll).length, work: requests.filter((r) => !isPoll(r)), calls: requests.filter((r) => !isPoll(r)).flat().length })
}

// 3. The missing nonce arrives: all 20 are mined in one block.
requests.length = 0
await direct('eth_sendRawTransaction', [await sign(base)])
await direct('evm_mine')
await until(() => held.every((h) => tracker.get(h.hash)?.status === 'confirmed'), 'all 20 confirmed')
const allMined = { polls: requests.filter(isPoll).length, work: requests.filter((r) => !isPoll(r)) }

// 4. Nothing pending any more: the poller stops, nothing is sent.
await until(() => activeHeadPollers(client) === 0, 'the poller to stop')
await sleep(50)
requests.length = 0
await sleep(1_000)
const idleAfter = requests.length

// 5. A hidden tab: a new pending transaction is tracked, nothing is polled until the tab is shown.
const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' })
globalThis.document = doc
const next = await sign(base + 21)
const nextHash = await direct('eth_sendRawTransaction', [next])
requests.length = 0
await tracker.track({ hash: nextHash, chain: '0x7a69', raw: next })
await direct('evm_mine')
await sleep(1_000)
const hidden = requests.length
doc.visibilityState = 'visible'
doc.dispatchEvent(new Event('visibilitychange'))
await until(() => tracker.get(nextHash)?.status === 'confirmed', 'the shown tab to catch up')

tracker.stop()
server.close()
await anvil.stop()

const max = (xs) => Math.max(...xs)
const rows = [
  ['requests while nothing is tracked (1 s)', idleBefore, '0'],
  ['requests from 20 × track() (raw decoded locally)', `${trackRequests} (${trackMs.toFixed(0)} ms)`, '0'],
  [`eth_blockNumber polls per new block (max of ${BLOCKS}, interval ${INTERVAL_MS} ms)`, max(perBlock.map((p) => p.polls)), '≤ 1'],
  ['other requests per new block, 20 pending (max)', max(perBlock.map((p) => p.work.length)), '≤ 1'],
  ['  calls in that batch', `${perBlock[0].calls} (${[...new Set(perBlock[0].work.flat())].map((m) => `${perBlock[0].work.flat().filter((x) => x === m).length} ${m}`).join(', ')})`, '≤ 20 (batch cap)'],
  ['block mining all 20: requests besides the poll', `${allMined.work.length} (${allMined.work.map((w) => w.length).join(' + ')} calls)`, 'report'],
  ['requests once nothing is pending (1 s)', idleAfter, '0'],
  ['requests while the tab is hidden (1 s, a block mined)', hidden, '0'],
]
const width = Math.max(...rows.map((r) => r[0].length))
console.log(`${'figure'.padEnd(width)} | measured | target`)
for (const [figure, value, target] of rows) console.log(`${figure.padEnd(width)} | ${value} | ${target}`)
