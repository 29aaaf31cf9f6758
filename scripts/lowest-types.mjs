#!/usr/bin/env node
// The public types against the lowest supported peers: emits the package's .d.ts files, then
// type-checks a consumer that imports every entry point, strict and with skipLibCheck off, with
// viem, TanStack Query and React 18's types taken from .lowest/ (scripts/lowest.mjs).
// Prints the errors found in blockfeed's declarations or the consumer (not in the peers' own
// .d.ts, which are theirs) and exits 1 when there are any.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { installLowest, lowest, lowestDir } from './lowest.mjs'

// Types only, for the check: React 18's own types (the react package has none).
const types = { '@types/react': '18.3.8', '@types/react-dom': '18.3.7' }

const root = resolve(import.meta.dirname, '..')
const work = resolve(lowestDir, 'types')

if (!installLowest()) {
  console.error('Could not install the lowest supported peers into .lowest/')
  process.exit(1)
}
mkdirSync(work, { recursive: true })
writeFileSync(resolve(work, 'package.json'), JSON.stringify({ name: 'blockfeed-lowest-types', private: true, dependencies: types }, null, 2) + '\n')
const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], { cwd: work, stdio: 'inherit' })
if (install.status !== 0) process.exit(1)

// The package's declarations, as `npm run build` emits them.
const dist = resolve(work, 'dist')
rmSync(dist, { recursive: true, force: true })
const tsc = resolve(root, 'node_modules/.bin/tsc')
const emit = spawnSync(tsc, ['-p', resolve(root, 'tsconfig.build.json'), '--emitDeclarationOnly', '--declarationMap', 'false', '--sourceMap', 'false', '--outDir', dist], { cwd: root, stdio: 'inherit' })
if (emit.status !== 0) process.exit(1)

// Two consumers, as npm would lay them out. `core`: the fetch core with @tanstack/query-core
// alone (its lowest, 5.62). `react`: every entry point with @tanstack/react-query, whose exact
// query-core is the one everything sees (npm dedupes it). `paths` sends each peer to its lowest
// copy, also from inside other packages' declarations (@tanstack/react-query → react, …).
const peer = (...names) => `./${relative(work, resolve(lowestDir, 'node_modules', ...names))}`
const entries = {
  blockfeed: ['./dist/exports/index.d.ts'],
  'blockfeed/react': ['./dist/exports/react.d.ts'],
  'blockfeed/components': ['./dist/exports/components.d.ts'],
  'blockfeed/server': ['./dist/exports/server.d.ts'],
  'blockfeed/devnet': ['./dist/exports/devnet.d.ts'],
  react: ['./node_modules/@types/react'],
  'react/*': ['./node_modules/@types/react/*'],
  'react-dom': ['./node_modules/@types/react-dom'],
  'react-dom/*': ['./node_modules/@types/react-dom/*'],
  viem: [peer('viem')],
  'viem/*': [`${peer('viem')}/*`],
  '@tanstack/react-query': [peer('@tanstack/react-query')],
}
const ownQueryCore = [peer('@tanstack/react-query', 'node_modules/@tanstack/query-core')]
const consumers = {
  core: {
    paths: { ...entries, '@tanstack/query-core': [peer('@tanstack/query-core')] },
    source: `import { QueryClient } from '@tanstack/query-core'
import { createClient, rpcQueryOptions, walletHistoryInfiniteQueryOptions } from 'blockfeed'
import type { Hex } from 'viem'

const client = createClient({ baseUrl: 'https://api.example', rpc: { url: 'https://rpc.example' }, chain: 'eth' })
const queryClient = new QueryClient()
export const block: Promise<Hex> = queryClient.fetchQuery(rpcQueryOptions(client, { method: 'eth_blockNumber' }))
export const cached: Hex | undefined = queryClient.getQueryData(rpcQueryOptions(client, { method: 'eth_blockNumber' }).queryKey)
export const pages = queryClient.fetchInfiniteQuery(walletHistoryInfiniteQueryOptions(client, { address: '0x7e5f4552091a69125d5dfcb7b8c2659029395bdf', chain: 'eth' }))
`,
  },
  react: {
    // Where npm dedupes it, react-query's own query-core is the only one.
    paths: { ...entries, '@tanstack/query-core': existsSync(resolve(work, ownQueryCore[0])) ? ownQueryCore : [peer('@tanstack/query-core')] },
    source: `import { QueryClient, QueryClientProvider, useQuery, useInfiniteQuery } from '@tanstack/react-query'
import { createClient, rpcQueryOptions, walletHistoryInfiniteQueryOptions } from 'blockfeed'
import { BlockfeedProvider, useRpc, useWalletHistory } from 'blockfeed/react'
import { WalletActivityFeed, TransactionList } from 'blockfeed/components'
import * as server from 'blockfeed/server'
import * as devnet from 'blockfeed/devnet'
import type { Hex } from 'viem'

const client = createClient({ baseUrl: 'https://api.example', rpc: { url: 'https://rpc.example' }, chain: 'eth' })
const queryClient = new QueryClient()

function Direct() {
  const block = useQuery(rpcQueryOptions(client, { method: 'eth_blockNumber' }))
  const hex: Hex | undefined = block.data
  const history = useInfiniteQuery(walletHistoryInfiniteQueryOptions(client, { address: '0x7e5f4552091a69125d5dfcb7b8c2659029395bdf', chain: 'eth' }))
  return <p>{hex}{history.data?.pages.length}</p>
}

function Hooks() {
  const { data, error } = useRpc({ method: 'eth_getBalance', params: ['0x7e5f4552091a69125d5dfcb7b8c2659029395bdf'] })
  const history = useWalletHistory({ address: '0x7e5f4552091a69125d5dfcb7b8c2659029395bdf', chain: 'eth' })
  return <p>{data}{error?.message}{history.data?.pages.length}</p>
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client}>
        <Direct />
        <Hooks />
        <WalletActivityFeed address="0x7e5f4552091a69125d5dfcb7b8c2659029395bdf" chain="eth" />
      </BlockfeedProvider>
    </QueryClientProvider>
  )
}
export { server, devnet, TransactionList }
`,
  },
}

const versions = Object.entries({ ...lowest, ...types }).map(([n, v]) => `${n}@${v}`).join(', ')
let failed = false
for (const [name, { paths, source }] of Object.entries(consumers)) {
  // Kept here, not as .tsx files: the project's own typecheck would try to resolve `blockfeed`.
  writeFileSync(resolve(work, `${name}.tsx`), source)
  const compilerOptions = {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'Bundler',
    jsx: 'react-jsx',
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    types: ['node'],
    typeRoots: [resolve(root, 'node_modules/@types')],
    paths,
  }
  writeFileSync(resolve(work, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions, files: [`${name}.tsx`] }, null, 2) + '\n')
  const check = spawnSync(tsc, ['-p', resolve(work, `tsconfig.${name}.json`), '--pretty', 'false'], { cwd: work, encoding: 'utf8' })
  const lines = `${check.stdout}${check.stderr}`.split('\n').filter(Boolean)
  // An error starts with its file; continuation lines are indented. Only errors inside a
  // dependency's own files (node_modules/) are theirs.
  const ours = []
  let keep = false
  for (const line of lines) {
    if (!/^\s/.test(line)) keep = !/^[^(]*node_modules\/[^(]+\(\d+,\d+\): error/.test(line)
    if (keep) ours.push(line)
  }
  const theirs = lines.length - ours.length
  const note = theirs ? ` (${theirs} lines of errors in the peers' own declarations not shown)` : ''
  if (ours.length > 0) {
    failed = true
    console.error(ours.join('\n'))
    console.error(`${name}: the public types fail against ${versions}${note}.`)
  } else console.log(`${name}: the public types check against ${versions}${note}.`)
}
process.exit(failed ? 1 : 0)
