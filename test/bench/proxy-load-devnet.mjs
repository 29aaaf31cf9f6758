// The realistic upstream of the proxy load bench (its own process, 127.0.0.1): the devnet, i.e.
// anvil started on a free port, seeded, indexed, serving the spec's history API and /rpc with a key.
// Alice gets 90 more transactions (native, ERC-20, splits with internal transfers) on top of the
// seeded 20, so that her `limit=100` page is a full one. The parent asks for CPU time over IPC:
// this process (the devnet's server and indexer) and its anvil, read from /proc.
import { readdirSync, readFileSync } from 'node:fs'
import { encodeFunctionData, parseEther } from 'viem'
import { DevnetSplitter, DevnetToken } from '../../dist/devnet/artifacts.js'
import { startDevnet } from '../../dist/exports/devnet.js'

const BENCH_KEY = 'bench-key-not-secret'
const EXTRA = 90

const devnet = await startDevnet({ apiKey: BENCH_KEY, onError: (e) => console.error('devnet (bench):', e) })
const [, alice, bob, carol] = devnet.wallets.map((w) => w.address)
let id = 0
async function call(method, params) {
  const res = await fetch(devnet.nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) })
  const body = await res.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}
// anvil's dev accounts are unlocked: eth_sendTransaction, explicit nonces, one block each (automine).
const first = Number(await call('eth_getTransactionCount', [alice, 'latest']))
const { usd, splitter } = devnet.contracts
for (let k = 0; k < EXTRA; k++) {
  const nonce = `0x${(first + k).toString(16)}`
  const tx =
    k % 3 === 0
      ? { from: alice, nonce, to: bob, value: '0x2386f26fc10000' }
      : k % 3 === 1
        ? { from: alice, nonce, to: usd, data: encodeFunctionData({ abi: DevnetToken.abi, functionName: 'transfer', args: [bob, 1_000_000n] }) }
        : { from: alice, nonce, to: splitter, value: `0x${parseEther('0.002').toString(16)}`, data: encodeFunctionData({ abi: DevnetSplitter.abi, functionName: 'split', args: [[bob, carol]] }) }
  await call('eth_sendTransaction', [tx])
}
const head = Number(await call('eth_blockNumber', []))

// The anvil this process started: its child whose command is anvil.
function anvilPid() {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === process.pid && comm.startsWith('anvil')) return Number(name)
    } catch {}
  }
  return undefined
}
const anvil = anvilPid()
const ticks = 100 // USER_HZ on Linux
function anvilCpuMs() {
  if (anvil === undefined) return NaN
  const stat = readFileSync(`/proc/${anvil}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are fields 14 and 15 of stat, 11 and 12 after the command.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks
}

const port = Number(new URL(devnet.url).port)
process.send({ ready: true, port, chain: devnet.chain, wallet: alice, head, anvilPid: anvil ?? null })
// Never leave an anvil behind: the parent gone (or killed) stops the devnet too.
let stopping
const stop = () => (stopping ??= devnet.stop().finally(() => process.exit(0)))
process.on('disconnect', stop)
process.on('message', async (m) => {
  if (m === 'counts') {
    const { user, system } = process.cpuUsage()
    const own = (user + system) / 1000
    const node = anvilCpuMs()
    // The upstream's CPU is the devnet's server and indexer plus the node it reads from.
    process.send({ counts: {}, cpuMs: own + node, devnetCpuMs: own, anvilCpuMs: node })
  } else if (m === 'stop') stop()
})
