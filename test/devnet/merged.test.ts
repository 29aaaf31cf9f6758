import { createPublicClient, http } from 'viem'
import { createClient } from '../../src/core/client.js'
import { InvalidParameterError } from '../../src/core/errors.js'
import { mergedWalletHistoryPages, type MergedTransactionEntry } from '../../src/core/history/merge.js'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { everything, sendToNode } from './helpers.js'

async function setNextTimestamp(devnet: Devnet, seconds: number) {
  const answer = await fetch(devnet.nodeUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_setNextBlockTimestamp', params: [`0x${seconds.toString(16)}`] }),
  }).then((r) => r.json())
  expect(answer).not.toHaveProperty('error')
}

// Two real chains: two devnets, each its own anvil with its own chain id.
let one: Devnet
let two: Devnet
beforeAll(async () => {
  ;[one, two] = await Promise.all([startDevnet({ port: 0, chainId: 31337 }), startDevnet({ port: 0, chainId: 71 })])
}, 120_000)
afterAll(() => Promise.all([one?.stop(), two?.stop()]))

/**
 * One client for both: its history base URL is one, so its fetch routes each history request
 * to the devnet of the request's `chain` (what an app with one gateway per chain would do).
 */
function routedClient(requests: string[]) {
  const byChain = new Map([one, two].map((d) => [d.chain.toLowerCase(), d.url]))
  return createClient({
    baseUrl: one.url,
    chain: one.chain,
    extraChains: [one.chain, two.chain],
    retry: false,
    fetch: (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
      const chain = url.searchParams.get('chain')?.toLowerCase() ?? ''
      const target = byChain.get(chain)
      if (!target) throw new Error(`no devnet for chain ${chain}`)
      requests.push(`${chain} ${url.searchParams.get('cursor') ?? ''}`)
      return fetch(`${target}${url.pathname}${url.search}`, init)
    },
  })
}

it('chainId gives each devnet its own chain: the nodes and the history API say so', async () => {
  expect([one.chainId, two.chainId, one.chain, two.chain]).toEqual([31337, 71, '0x7a69', '0x47'])
  const node = createPublicClient({ transport: http(two.nodeUrl) })
  expect(await node.getChainId()).toBe(71)
  const alice = two.wallets.find((w) => w.name === 'alice')!.address
  const [first] = await everything(two, alice)
  expect(first).toBeDefined()
})

it('merges one wallet across the two chains: every entry of both, once, newest first, each carrying its chain; requests = each side\'s pages', async () => {
  const alice = one.wallets.find((w) => w.name === 'alice')!.address
  const bob = one.wallets.find((w) => w.name === 'bob')!.address
  // Transfers stamped in turn on each chain, a second apart, so the chains interleave for sure
  // (the seeds alone may not: each devnet seeds at its own pace).
  const t0 = Math.ceil(Date.now() / 1000) + 3600
  for (let k = 0; k < 4; k++) {
    const d = k % 2 === 0 ? one : two
    await setNextTimestamp(d, t0 + k)
    await sendToNode(d, 'alice', bob, BigInt(k + 1))
  }
  const [a, b] = await Promise.all([everything(one, alice), everything(two, alice)])
  expect(a.length).toBeGreaterThan(5)
  expect(b.length).toBeGreaterThan(5)

  const requests: string[] = []
  const client = routedClient(requests)
  const limit = 4
  const merged: MergedTransactionEntry[] = []
  for await (const page of mergedWalletHistoryPages(client, { address: alice, chains: [one.chain, two.chain], limit })) {
    expect(page.late).toEqual([])
    expect(page.incomplete).toEqual([])
    merged.push(...page.entries)
  }

  // The expected feed, built independently: both histories, newest first, a time tie in the chains' order, then block.
  const expected = [...a.map((e) => ({ e, c: 0 })), ...b.map((e) => ({ e, c: 1 }))]
    .sort((x, y) => Date.parse(y.e.block_timestamp) - Date.parse(x.e.block_timestamp) || x.c - y.c || Number(y.e.block_number) - Number(x.e.block_number) || Number(y.e.transaction_index) - Number(x.e.transaction_index))
    .map(({ e, c }) => `${[one.chain, two.chain][c]} ${e.hash}`)
  expect(merged.map((e) => `${e.chain} ${e.hash}`)).toEqual(expected)
  // The two chains really interleave (not one chain's block, then the other's).
  expect(merged.slice(0, 4).map((e) => e.chain)).toEqual([two.chain, one.chain, two.chain, one.chain])
  // Minimal requests: each chain's own page count at this limit, counted by paging it alone.
  const own: string[] = []
  const alone = routedClient(own)
  for (const chain of [one.chain, two.chain]) for await (const _ of alone.walletHistoryPages({ address: alice, chain, limit })) void _
  const count = (list: string[], chain: string) => list.filter((r) => r.startsWith(`${chain} `)).length
  expect(count(own, one.chain)).toBeGreaterThan(1)
  expect([count(requests, one.chain), count(requests, two.chain)]).toEqual([count(own, one.chain), count(own, two.chain)])
}, 60_000)

it('a chain id that is not a whole positive number, or one given with an attached node, is an InvalidParameterError naming chainId', async () => {
  await expect(startDevnet({ chainId: 0 })).rejects.toThrow(InvalidParameterError)
  await expect(startDevnet({ chainId: 1.5 })).rejects.toThrow(/chainId/)
  await expect(startDevnet({ chainId: 5, rpcUrl: one.nodeUrl })).rejects.toThrow(/chainId.*attached node/s)
})
