// Bundle sizes as an app would ship them: minified + gzip, with react, react-dom,
// @tanstack/react-query and viem treated as already in the app; everything else counted.
import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'
import { readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../..')
const external = ['react', 'react/*', 'react-dom', 'react-dom/*', '@tanstack/react-query', '@tanstack/query-core', 'viem', 'viem/*']

async function bundle(name, contents) {
  const r = await build({
    stdin: { contents, resolveDir: root, loader: 'tsx', sourcefile: `${name}.tsx` },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    external,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    jsx: 'automatic',
  })
  const code = r.outputFiles[0].contents
  return { name, minBytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length }
}

function cssFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((d) => (d.isDirectory() ? cssFiles(join(dir, d.name)) : d.name.endsWith('.css') ? [join(dir, d.name)] : []))
}

async function css() {
  const source = cssFiles(join(root, 'src/components')).map((f) => readFileSync(f, 'utf8')).join('\n')
  const r = await build({ stdin: { contents: source, loader: 'css' }, minify: true, write: false, logLevel: 'silent' })
  const code = r.outputFiles[0].contents
  return { name: 'styles.css', minBytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length }
}

/** Each measured entry, and wagmi's provider + config + two hooks as the reference. */
export async function measureSizes() {
  const [core, hooks, feed, styles, wagmi] = await Promise.all([
    bundle('core', `export * from './src/exports/index.ts'`),
    bundle('provider+hooks', `export { BlockfeedProvider, useWalletHistory, useRpc } from './src/exports/react.ts'`),
    bundle('feed', `export { WalletActivityFeed } from './src/exports/components.ts'`),
    css(),
    bundle('wagmi', `export { WagmiProvider, createConfig, useBalance, useBlockNumber } from 'wagmi'`),
  ])
  return { core, hooks, feed, styles, wagmi }
}

/** The budgets of issue 8. */
export const budgets = {
  hooksVsWagmi: 0.5,
  feedGzipBytes: 25_000,
  cssGzipBytes: 5_000,
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const s = await measureSizes()
  for (const v of Object.values(s)) console.log(`${v.name.padEnd(16)} ${String(v.minBytes).padStart(8)} min  ${String(v.gzipBytes).padStart(7)} gzip`)
}
