// Opening a transaction's details, counted at a local server in front of a real anvil: a final
// transaction with its block known costs one HTTP request, opening it again none. Also prints
// what the details view adds to the feed (min + gzip). Needs `npm run build` (reads dist/).
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import solc from 'solc'
import { gzipSync } from 'node:zlib'
import { resolve } from 'node:path'
import { build } from 'esbuild'
import { QueryClient } from '@tanstack/query-core'
import { createPublicClient, createWalletClient, http, maxUint256, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { approvalsFromLogs, approvalStatesQueryOptions, createClient, namesQueryOptions, transactionDetailsQueryOptions } from '../../dist/exports/index.js'
import { launchAnvil } from '../../dist/devnet/anvil.js'
import { DevnetToken } from '../../dist/devnet/artifacts.js'

const root = resolve(import.meta.dirname, '../..')
const external = ['react', 'react/*', 'react-dom', 'react-dom/*', '@tanstack/react-query', '@tanstack/query-core', 'viem', 'viem/*']

/**
 * What opening a row's details loads, as an app's bundler splits the feed (esbuild, splitting on):
 * the chunks only the details view needs (RowDetails and what it alone imports), and the
 * approval-state chunk loaded with the first row that has approvals.
 */
async function lazyDetailsChunks() {
  const r = await build({
    stdin: { contents: `export { WalletActivityFeed } from './src/components/WalletActivityFeed/WalletActivityFeed.tsx'`, resolveDir: root, loader: 'tsx', sourcefile: 'entry.tsx' },
    bundle: true, splitting: true, outdir: resolve(root, 'test-results/details-size'), minify: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, metafile: true, external,
    define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'silent', jsx: 'automatic',
  })
  const outputs = r.metafile.outputs
  const gz = (key) => gzipSync(r.outputFiles.find((f) => f.path.endsWith(key.split('/').pop())).contents, { level: 9 }).length
  // The app's entry (stdin): every `import()` target is an entry point of its own too.
  const entry = Object.keys(outputs).find((k) => outputs[k].entryPoint === 'entry.tsx')
  const staticOf = (key, seen = new Set()) => {
    if (seen.has(key)) return seen
    seen.add(key)
    for (const i of outputs[key].imports) if (i.kind === 'import-statement' && outputs[i.path]) staticOf(i.path, seen)
    return seen
  }
  const initial = staticOf(entry)
  const chunk = (name) => Object.keys(outputs).find((k) => new RegExp(`${name}-\\w+\\.js$`).test(k))
  // The row's panel and the feed's node view are one chunk (src/components/shared/detailsChunk.ts).
  const rowDetails = chunk('detailsChunk')
  // Loaded with the first row that has approvals: the receipt's approvals and their state (RowDetails) and their section (TransactionDetails).
  const withApprovals = ['rowApprovals', 'ApprovalsSection'].map(chunk).filter(Boolean)
  // A default feed (watch and the pending group on) loads these right after its first render, before a row can be opened.
  const afterMount = new Set([...initial, ...staticOf(chunk('LivePending')), ...staticOf(chunk('firstPageRefresh'))])
  const opened = [...staticOf(rowDetails)].filter((k) => !afterMount.has(k))
  const openedAlone = [...staticOf(rowDetails)].filter((k) => !initial.has(k))
  const sum = (keys) => keys.reduce((n, k) => n + gz(k), 0)
  return {
    openGzip: sum(opened),
    // With `watch={false}` and `showPending={false}` the head poller the details share with the live feed comes with them.
    openAloneGzip: sum(openedAlone),
    sharedAlone: openedAlone.filter((k) => !opened.includes(k)).map((k) => ({ chunk: [...Object.keys(outputs[k].inputs)].map((i) => i.split('/').pop()).join(', '), gzip: gz(k) })),
    statesGzip: sum([...new Set(withApprovals.flatMap((k) => [...staticOf(k)]))].filter((k) => !afterMount.has(k) && !opened.includes(k))),
  }
}

async function gzipSize(contents) {
  const r = await build({
    stdin: { contents, resolveDir: root, loader: 'tsx', sourcefile: 'entry.tsx' },
    bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, external,
    define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'silent', jsx: 'automatic',
  })
  const code = r.outputFiles[0].contents
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length }
}

/** A pass-through to the node that counts the HTTP requests it receives. */
function countingProxy(target) {
  let count = 0
  const server = createServer(async (req, res) => {
    count++
    const chunks = []
    for await (const c of req) chunks.push(c)
    const reply = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
    res.writeHead(reply.status, { 'content-type': 'application/json' })
    res.end(Buffer.from(await reply.arrayBuffer()))
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ url: `http://127.0.0.1:${server.address().port}`, count: () => count, close: () => server.close() })))
}

async function deployNameContracts(wallet, node) {
  const content = readFileSync(resolve(root, 'test/core/details/NameContracts.sol'), 'utf8')
  const input = { language: 'Solidity', sources: { 'N.sol': { content } }, settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } }
  const out = JSON.parse(solc.compile(JSON.stringify(input))).contracts['N.sol']
  const deploy = async (name) =>
    (await node.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi: out[name].abi, bytecode: `0x${out[name].evm.bytecode.object}` }) })).contractAddress
  return { resolver: await deploy('MockUniversalResolver'), multicall: await deploy('Multicall3') }
}

export async function measureDetails() {
  const anvil = await launchAnvil()
  try {
    const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    const wallet = createWalletClient({ account, chain: foundry, transport: http(anvil.rpcUrl) })
    const node = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
    const deploy = await wallet.deployContract({ abi: DevnetToken.abi, bytecode: DevnetToken.bytecode, args: ['Devnet Dollar', 'DUSD', 6, parseUnits('1000', 6)] })
    const token = (await node.waitForTransactionReceipt({ hash: deploy })).contractAddress
    const hash = await wallet.writeContract({ address: token, abi: DevnetToken.abi, functionName: 'transfer', args: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 25n] })
    const { blockNumber } = await node.waitForTransactionReceipt({ hash })

    const proxy = await countingProxy(anvil.rpcUrl)
    const client = createClient({ baseUrl: 'http://127.0.0.1', rpc: { url: proxy.url }, chain: '0x7a69', extraChains: ['0x7a69'] })
    const queries = new QueryClient()
    await queries.fetchQuery(transactionDetailsQueryOptions(client, { hash, blockNumber }))
    const first = proxy.count()
    await queries.fetchQuery(transactionDetailsQueryOptions(client, { hash, blockNumber }))
    const again = proxy.count() - first
    // Without the history entry's block number the block needs a second round trip.
    await new QueryClient().fetchQuery(transactionDetailsQueryOptions(client, { hash: deploy }))
    const withoutHint = proxy.count() - first - again

    // An unlimited approval: is it still live? With the service's list known before opening, the
    // allowance read rides in the details' own batch; from the receipt's log, it follows in one more.
    const approve = await wallet.writeContract({ address: token, abi: DevnetToken.abi, functionName: 'approve', args: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', maxUint256] })
    const approveBlock = (await node.waitForTransactionReceipt({ hash: approve })).blockNumber
    const listed = [{ kind: 'approval', token, owner: account.address, spender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }]
    let mark = proxy.count()
    const q2 = new QueryClient()
    await Promise.all([q2.fetchQuery(transactionDetailsQueryOptions(client, { hash: approve, blockNumber: approveBlock })), q2.fetchQuery(approvalStatesQueryOptions(client, { approvals: listed }))])
    const approvalListed = proxy.count() - mark
    mark = proxy.count()
    await q2.fetchQuery(transactionDetailsQueryOptions(client, { hash: approve, blockNumber: approveBlock }))
    await q2.fetchQuery(approvalStatesQueryOptions(client, { approvals: listed }))
    const approvalAgain = proxy.count() - mark
    mark = proxy.count()
    const q3 = new QueryClient()
    const d = await q3.fetchQuery(transactionDetailsQueryOptions(client, { hash: approve, blockNumber: approveBlock }))
    await q3.fetchQuery(approvalStatesQueryOptions(client, { approvals: approvalsFromLogs(d) }))
    const approvalFromLogs = proxy.count() - mark
    // At a new head the state is read again (the details are not).
    await node.request({ method: 'anvil_mine', params: ['0x1'] })
    mark = proxy.count()
    await q2.invalidateQueries({ queryKey: ['blockfeed', 'approvalStates'] })
    await q2.fetchQuery(approvalStatesQueryOptions(client, { approvals: listed }))
    await q2.fetchQuery(transactionDetailsQueryOptions(client, { hash: approve, blockNumber: approveBlock }))
    const approvalNewHead = proxy.count() - mark

    // Names for 50 rows on screen, through the test's Universal Resolver stand-in and Multicall3 (test/core/details/NameContracts.sol).
    const { resolver, multicall } = await deployNameContracts(wallet, node)
    const rows = Array.from({ length: 50 }, (_, i) => `0x${(0x1000 + i).toString(16).padStart(40, '0')}`)
    const beforeNames = proxy.count()
    await queries.fetchQuery(namesQueryOptions(client, queries, { addresses: rows, universalResolverAddress: resolver, multicall3Address: multicall }))
    const names50 = proxy.count() - beforeNames
    // The devnet has no Multicall3: viem's deployless one, still one eth_call.
    const rowsB = rows.map((a) => a.replace('0x0000', '0x0001'))
    await new QueryClient().fetchQuery(namesQueryOptions(client, queries, { addresses: rowsB, universalResolverAddress: resolver }))
    const names50Deployless = proxy.count() - beforeNames - names50
    proxy.close()

    const feed = await gzipSize(`export { WalletActivityFeed } from './src/exports/components.ts'`)
    const both = await gzipSize(`export { WalletActivityFeed, TransactionDetails } from './src/exports/components.ts'; export { useTransactionDetails } from './src/exports/react.ts'`)
    const alone = await gzipSize(`export { TransactionDetails } from './src/exports/components.ts'; export { useTransactionDetails } from './src/exports/react.ts'`)
    const lazy = await lazyDetailsChunks()
    return { first, again, withoutHint, names50, names50Deployless, addedGzip: both.gzip - feed.gzip, addedMin: both.min - feed.min, chunkGzip: alone.gzip, approvalListed, approvalAgain, approvalFromLogs, approvalNewHead, ...lazy }
  } finally {
    await anvil.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureDetails()
  console.log(`open the details of a final transaction (block known) → HTTP requests: ${r.first} (budget 1)`)
  console.log(`open them again → HTTP requests: ${r.again} (budget 0)`)
  console.log(`open the details without the block number → HTTP requests: ${r.withoutHint}`)
  console.log(`names for 50 rows on screen → HTTP requests: ${r.names50} with Multicall3, ${r.names50Deployless} without (deployless) (budget 1)`)
  console.log(`open an unlimited approval, the service's list known → HTTP requests: ${r.approvalListed} (details and the allowance read in one batch; budget 1)`)
  console.log(`open it again at the same head → HTTP requests: ${r.approvalAgain} (budget 0)`)
  console.log(`open an approval known only from its receipt → HTTP requests: ${r.approvalFromLogs} (the allowance read is one more)`)
  console.log(`at a new head → HTTP requests: ${r.approvalNewHead} (the allowance again; the details stay cached)`)
  console.log(`details view loaded on first open (lazy chunks), in a default feed → ${r.openGzip} B gzip (budget 8000); + ${r.statesGzip} B with the first row that has approvals`)
  console.log(`details view loaded on first open, watch and pending group off → ${r.openAloneGzip} B gzip (budget 8000; with ${r.sharedAlone.map((c) => `${c.chunk} ${c.gzip} B`).join(', ')}, which a default feed has loaded after its first render)`)
  console.log(`details view + hook added to the feed: ${r.addedMin} B min, ${r.addedGzip} B gzip (budget 8000); as its own chunk: ${r.chunkGzip} B gzip`)
  if (r.first > 1 || r.again !== 0 || r.names50 > 1 || r.names50Deployless > 1 || r.addedGzip > 8000 || r.openGzip > 8000 || r.openAloneGzip > 8000 || r.approvalListed > 1 || r.approvalAgain !== 0) process.exitCode = 1
}
