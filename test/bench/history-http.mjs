// Issue 26's HTTP figure, end to end through the client over real local HTTP (build first:
// `npm run build`). A node:http server in another process serves one 100-entry page (341 kB) in
// the hosted service's full shape (see makeHostedPage); this process times getWalletHistory on
// its URL against fetch + text() + JSON.parse of the same URL: median of per-pair ratios of this
// process's CPU time over interleaved runs (the server's work is the same for both, elsewhere).
import { fork } from 'node:child_process'
import { createServer } from 'node:http'
import { makeHistoryPage, makeWallet } from './history-fixture.mjs'
import { interleavedCpuRatio } from './interleaved.mjs'

const ADDRESS = '0x00000000000000000000000000000000000000a1'
const entityLogo = (entity) => (entity ? `https://entities-logos.s3.amazonaws.com/${entity.toLowerCase()}.png` : null)
const APPROVE = '0x095ea7b3'
const EVENTS = {
  '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925': 'Approval(address,address,uint256)',
  '0xd78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822': 'Swap(address,uint256,uint256,uint256,uint256,address)',
  '0x1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1': 'Sync(uint112,uint112)',
  '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c': 'Deposit(address,uint256)',
  '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65': 'Withdrawal(address,uint256)',
}
const CALLS = { '0xa9059cbb': 'transfer(address,uint256)', '0x095ea7b3': 'approve(address,uint256)', '0x23b872dd': 'transferFrom(address,address,uint256)', '0xd0e30db0': 'deposit()' }

/**
 * A page as the hosted service sends it with everything included (test/core/history/real-bodies
 * shows each form on a few captured entries): `*_entity` / `*_entity_logo` beside every address of
 * entries and transfers, `erc20_transfers` (plural) without the entry's hash and block, numbers for
 * `log_index`, directions as `send` / `receive`, logs with `transaction_value` and `decoded_event`,
 * internal transactions, `contract_interactions` on approvals (the unlimited allowance as text),
 * `page` / `page_size` as numbers and an extra `limit`. Built over history-fixture.mjs's wallet,
 * so its text repeats where real histories do.
 */
export function makeHostedPage(entries = 100, seed = 1) {
  const world = makeWallet(seed)
  const entityOf = new Map(world.counterparties.map((c) => [c.address, c.entity]))
  const page = makeHistoryPage(world, { entries })
  const parties = (o) => {
    const from = entityOf.get(o.from_address) ?? null
    const to = entityOf.get(o.to_address) ?? null
    return {
      from_address_entity: from, from_address_entity_logo: entityLogo(from), from_address: o.from_address, from_address_label: o.from_address_label,
      to_address_entity: to, to_address_entity_logo: entityLogo(to), to_address: o.to_address, to_address_label: o.to_address_label,
    }
  }
  const direction = (o) => (o.from_address === world.wallet ? 'send' : 'receive')
  const result = page.result.map((e, n) => {
    const internal = e.input.length > 10 && n % 4 === 0 ? [{
      transaction_hash: e.hash, block_number: Number(e.block_number), block_hash: e.block_hash, type: 'CALL',
      from: e.to_address, to: world.tokens[n % world.tokens.length].address, value: '0', gas: '187430', gas_used: '23974', input: e.input.slice(0, 74), output: '0x',
    }] : []
    const approve = e.input.startsWith(APPROVE)
    return {
      hash: e.hash, nonce: e.nonce, transaction_index: e.transaction_index,
      ...parties(e),
      value: e.value, gas: e.gas, gas_price: e.gas_price, input: e.input,
      receipt_cumulative_gas_used: e.receipt_cumulative_gas_used, receipt_gas_used: e.receipt_gas_used,
      receipt_contract_address: null, receipt_root: null, receipt_status: e.receipt_status, transaction_fee: e.transaction_fee,
      block_timestamp: e.block_timestamp, block_number: e.block_number, block_hash: e.block_hash,
      decoded_call: e.input === '0x' ? null : { signature: CALLS[e.input.slice(0, 10)] ?? null, label: (CALLS[e.input.slice(0, 10)] ?? '').split('(')[0] || null, type: 'function', params: [{ name: 'to', value: e.to_address, type: 'address' }, { name: 'amount', value: String(BigInt(`0x${e.input.slice(10, 74) || '0'}`)), type: 'uint256' }] },
      logs: e.logs.map((l) => ({
        ...l, transaction_value: e.value,
        decoded_event: l.topic0 === '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
          ? { signature: 'Transfer(address,address,uint256)', label: 'Transfer', type: 'event', params: [{ name: 'from', value: `0x${l.topic1.slice(26)}`, type: 'address' }, { name: 'to', value: `0x${l.topic2.slice(26)}`, type: 'address' }, { name: 'value', value: String(BigInt(l.data)), type: 'uint256' }] }
          : { signature: EVENTS[l.topic0] ?? null, label: (EVENTS[l.topic0] ?? '').split('(')[0] || null, type: 'event', params: [{ name: 'owner', value: `0x${l.topic1.slice(26)}`, type: 'address' }] },
      })),
      internal_transactions: internal,
      category: approve ? 'approve' : e.category,
      contract_interactions: approve ? { approvals: [{
        value: (2n ** 256n - 1n).toString(), value_formatted: '1.157920892373162e+71',
        token: { address: world.tokens[0].address, address_label: null, token_name: world.tokens[0].name, token_logo: world.tokens[0].logo, token_symbol: world.tokens[0].symbol },
        spender: { address: e.to_address, address_label: e.to_address_label, entity: entityOf.get(e.to_address) ?? null, entity_logo: entityLogo(entityOf.get(e.to_address)) },
      }] } : undefined,
      possible_spam: e.possible_spam, method_label: e.method_label, summary: e.summary,
      nft_transfers: e.nft_transfers.map((t) => ({
        token_address: t.token_address, token_id: t.token_id, ...parties(t), value: t.value, amount: t.amount, contract_type: t.contract_type,
        transaction_type: t.transaction_type, log_index: Number(t.log_index), operator: t.operator, possible_spam: t.possible_spam,
        verified_collection: t.verified_collection, direction: direction(t), collection_logo: null, collection_banner_image: null,
      })),
      erc20_transfers: e.erc20_transfer.map((t) => ({
        token_name: t.token_name, token_symbol: t.token_symbol, token_logo: t.token_logo, token_decimals: t.token_decimals,
        ...parties(t), address: t.address, log_index: t.log_index, value: t.value,
        possible_spam: t.possible_spam === 'true', verified_contract: t.verified_contract === 'true', direction: direction(t), value_formatted: t.value_formatted,
      })),
      native_transfers: e.native_transfers.map((t) => ({
        ...parties(t), value: t.value, value_formatted: t.value_formatted, direction: direction(t),
        internal_transaction: false, token_symbol: 'ETH', token_logo: 'https://cdn.moralis.io/eth/0x.png',
      })),
    }
  })
  return { cursor: page.cursor, page_size: entries, limit: String(entries), result, page: 0 }
}

/** The server, in the forked process: one page made once, answered from its bytes. */
function serve() {
  const body = Buffer.from(JSON.stringify(makeHostedPage()))
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length })
    res.end(body)
  })
  server.keepAliveTimeout = 60_000
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port, bytes: body.length }))
  process.on('disconnect', () => process.exit(0))
}

export async function measureHttpPage({ runs = 120, batch = 3, warmup = 60 } = {}) {
  // BLOCKFEED_DIST=<a build's dist folder> measures another build (e.g. the code before a change).
  const dist = process.env.BLOCKFEED_DIST ? new URL(`file://${process.env.BLOCKFEED_DIST}/exports/index.js`) : new URL('../../dist/exports/index.js', import.meta.url)
  const { createClient } = await import(dist.href)
  const child = fork(new URL(import.meta.url), ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  try {
    const { port, bytes } = await new Promise((resolve, reject) => {
      child.once('message', resolve)
      child.once('exit', (code) => reject(new Error(`server exited (${code})`)))
    })
    let url
    const client = createClient({ baseUrl: `http://127.0.0.1:${port}`, chain: 'eth', retry: false, fetch: (u, init) => fetch((url = String(u)), init) })
    const fullOnce = () => client.getWalletHistory({ address: ADDRESS, limit: 100 })
    const first = await fullOnce()
    if (first.result.length !== 100) throw new Error(`expected 100 entries, got ${first.result.length}`)
    const plainOnce = async () => JSON.parse(await (await fetch(url)).text())
    const plain = async () => {
      for (let i = 0; i < batch; i++) await plainOnce()
    }
    const full = async () => {
      for (let i = 0; i < batch; i++) await fullOnce()
    }
    for (let i = 0; i < warmup; i++) {
      await plain()
      await full()
    }
    const { medianRatio, plainMs, fullMs } = await interleavedCpuRatio(plain, full, runs)
    return { bytes, entries: 100, medianRatio, plainMs: plainMs / runs / batch, fullMs: fullMs / runs / batch }
  } finally {
    child.kill()
  }
}

if (process.argv.includes('--serve')) serve()
else if (import.meta.url === `file://${process.argv[1]}`) {
  const p = await measureHttpPage()
  console.log(`getWalletHistory / (fetch + text() + JSON.parse), local HTTP, ${p.entries} entries, ${(p.bytes / 1000).toFixed(1)} kB: median ${p.medianRatio.toFixed(2)}× (${p.fullMs.toFixed(2)} / ${p.plainMs.toFixed(2)} ms)`)
}
