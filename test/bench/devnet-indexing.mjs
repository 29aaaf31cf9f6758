#!/usr/bin/env node
// Indexing throughput of the devnet: builds a chain of native, ERC-20 and internal-transfer
// transactions on a fresh anvil, then times a devnet attaching to it and indexing it all.
// Run after `npm run build`:  node test/bench/devnet-indexing.mjs [blocks=400] [txsPerBlock=10]
import { encodeDeployData, encodeFunctionData, parseEther } from 'viem'
import { launchAnvil } from '../../dist/devnet/anvil.js'
import { DevnetSplitter, DevnetToken } from '../../dist/devnet/artifacts.js'
import { devnetWallets, startDevnet } from '../../dist/exports/devnet.js'

const blocks = Number(process.argv[2] ?? 400)
const perBlock = Number(process.argv[3] ?? 10)
const anvil = await launchAnvil()
let id = 0
async function call(method, params = []) {
  const res = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) })
  const body = await res.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}
async function batch(calls) {
  const res = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(calls.map(([method, params], k) => ({ jsonrpc: '2.0', id: k, method, params }))) })
  for (const r of await res.json()) if (r.error) throw new Error(r.error.message)
}
async function receipt(hash) {
  for (;;) {
    const r = await call('eth_getTransactionReceipt', [hash])
    if (r) return r
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

try {
  const [deployer, ...others] = devnetWallets.map((w) => w.address)
  const deploy = async (artifact, data) => (await receipt(await call('eth_sendTransaction', [{ from: deployer, data: artifact.bytecode + data }]))).contractAddress
  const usd = await deploy(DevnetToken, encodeDeployData({ abi: DevnetToken.abi, bytecode: '0x', args: ['Bench USD', 'bUSD', 6, 10n ** 30n] }).slice(2))
  const splitter = await deploy(DevnetSplitter, '')

  // Three kinds of transactions, in turn: a native send, an ERC-20 transfer, a split with two internal transfers.
  // Explicit nonces: the pool would give every call of one batch the same one.
  const firstNonce = Number(await call('eth_getTransactionCount', [deployer, 'latest']))
  const txFor = (k) => {
    const to = others[k % others.length]
    const nonce = `0x${(firstNonce + k).toString(16)}`
    if (k % 3 === 0) return { from: deployer, nonce, to, value: '0x1' }
    if (k % 3 === 1) return { from: deployer, nonce, to: usd, data: encodeFunctionData({ abi: DevnetToken.abi, functionName: 'transfer', args: [to, 1n] }) }
    return { from: deployer, nonce, to: splitter, value: `0x${parseEther('0.000002').toString(16)}`, data: encodeFunctionData({ abi: DevnetSplitter.abi, functionName: 'split', args: [[others[0], others[1]]] }) }
  }
  await call('evm_setAutomine', [false])
  const built = performance.now()
  for (let b = 0; b < blocks; b++) {
    if (perBlock > 0) await batch(Array.from({ length: perBlock }, (_, k) => ['eth_sendTransaction', [txFor(b * perBlock + k)]]))
    await call('evm_mine')
  }
  await call('evm_setAutomine', [true])
  console.log(`built ${blocks} blocks × ${perBlock} transactions in ${((performance.now() - built) / 1000).toFixed(1)} s`)

  const start = performance.now()
  const cpu = process.cpuUsage()
  const devnet = await startDevnet({ port: 0, rpcUrl: anvil.rpcUrl, seed: false })
  const seconds = (performance.now() - start) / 1000
  const used = process.cpuUsage(cpu)
  const { blocks: indexedBlocks, transactions } = devnet.stats()
  await devnet.stop()
  console.log(`indexed ${indexedBlocks} blocks and ${transactions} transactions (receipts, logs, call traces) in ${seconds.toFixed(2)} s`)
  console.log(`  ${(indexedBlocks / seconds).toFixed(0)} blocks/s, ${(transactions / seconds).toFixed(0)} transactions/s`)
  console.log(`  devnet CPU ${((used.user + used.system) / 1e6).toFixed(2)} s (the rest is anvil answering)`)
} finally {
  await anvil.stop()
}
