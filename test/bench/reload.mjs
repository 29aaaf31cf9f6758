#!/usr/bin/env node
// Issue 34: first row painted after a reload, from navigation start, with the last visit's rows in
// IndexedDB and the history answered over HTTP after a realistic delay (page A), ÷ the same page with
// nothing stored and its history request answered at once by an in-page stub (page B). Chromium, the
// packed package built into a Vite app (as test/consumer does; its other packages are this
// repository's), production build. Reloads of A and B alternate; the median of the ratios is printed.
//
//   node test/bench/reload.mjs [--reloads 15] [--delay 300]
// Prints `reload first row: median R× over N reloads (A a ms, B b ms, delay d ms)`.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'

const { values } = parseArgs({ options: { reloads: { type: 'string', default: '15' }, delay: { type: 'string', default: '300' } } })
const RELOADS = Number(values.reloads)
const DELAY_MS = Number(values.delay)
const root = resolve(import.meta.dirname, '../..')
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

// The app lives under the repository, so that every import but blockfeed (the tarball, in the app's
// own node_modules) resolves to this repository's node_modules: one React, no install.
const base = join(root, 'test-results/bench')
mkdirSync(base, { recursive: true })
const work = mkdtempSync(join(base, 'reload-'))
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } })

/** One history page of 25 entries, the shape the service sends. */
function historyPage() {
  const result = Array.from({ length: 25 }, (_, i) => ({
    hash: `0x${(i + 1).toString(16).padStart(64, '0')}`,
    from_address: i % 2 ? WALLET : '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    to_address: i % 2 ? '0x90F79bf6EB2c4f870365E785982E1f101E93b906' : WALLET,
    value: `${(i + 1) * 1_000_000_000_000_000}`,
    receipt_status: '1',
    block_timestamp: new Date(Date.UTC(2026, 10, 28, 12) - i * 600_000).toISOString(),
    block_number: String(21_000_000 - i * 50),
    transaction_fee: '0.000021',
    summary: i % 2 ? 'Sent ETH' : 'Received ETH',
    category: i % 2 ? 'send' : 'receive',
  }))
  return { page: 1, page_size: 25, cursor: null, result }
}

function buildApp() {
  // BLOCKFEED_DIST: another build of the package (A/B against the code before a change), packed with this package.json.
  let from = root
  if (process.env.BLOCKFEED_DIST) {
    from = join(work, 'package')
    mkdirSync(from)
    cpSync(join(root, 'package.json'), join(from, 'package.json'))
    cpSync(resolve(process.env.BLOCKFEED_DIST), join(from, 'dist'), { recursive: true })
  }
  const packed = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], from))[0]
  const app = join(work, 'app')
  const pkg = join(app, 'node_modules/blockfeed')
  mkdirSync(pkg, { recursive: true })
  run('tar', ['-xzf', join(work, packed.filename), '-C', pkg, '--strip-components=1'], work)
  mkdirSync(join(app, 'src'), { recursive: true })
  writeFileSync(join(app, 'src/page.json'), JSON.stringify(historyPage()))
  writeFileSync(
    join(app, 'vite.config.mjs'),
    `import react from '@vitejs/plugin-react'\nexport default { plugins: [react()], logLevel: 'warn' }\n`,
  )
  // The first row's paint: the frame after the first article is in the DOM, from navigation start. The
  // frame's start (its animation-frame callbacks run just before it paints) is what a request is
  // compared with: one sent in a task after that frame went out after the paint, whichever of two
  // such tasks runs first.
  writeFileSync(
    join(app, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>reload</title>
<script>
new MutationObserver((_, observer) => {
  if (!document.querySelector('article')) return
  observer.disconnect()
  requestAnimationFrame(() => {
    window.__rowsFrame = performance.now()
    setTimeout(() => (window.__firstRow = performance.now()))
  })
}).observe(document, { childList: true, subtree: true })
</script></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n`,
  )
  writeFileSync(
    join(app, 'src/main.tsx'),
    `import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createClient } from 'blockfeed'
import { WalletActivityFeed } from 'blockfeed/components'
import { BlockfeedProvider } from 'blockfeed/react'
import 'blockfeed/styles.css'
import { createRoot } from 'react-dom/client'
import page from './page.json'

// ?stub: the history request is answered at once in the page; else over HTTP (the bench's server).
const stub: typeof fetch = async () => Response.json(page)
const client = createClient({ baseUrl: location.origin, retry: false, ...(location.search.includes('stub') && { fetch: stub }) })
const queryClient = new QueryClient()

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <BlockfeedProvider client={client}>
      <WalletActivityFeed address="${WALLET}" chain="eth" locale="en-US" timeZone="UTC" watch={false} showPending={false} showNames={false} style={{ blockSize: 600 }} />
    </BlockfeedProvider>
  </QueryClientProvider>,
)
`,
  )
  run(join(root, 'node_modules/.bin/vite'), ['build', '--config', 'vite.config.mjs'], app)
  return join(app, 'dist')
}

function serve(dist) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' }
  const body = JSON.stringify(historyPage())
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname.startsWith('/api/v2.2/wallets/')) {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(body), DELAY_MS)
      return
    }
    const file = join(dist, url.pathname === '/' ? 'index.html' : url.pathname)
    try {
      if (!file.startsWith(dist) || !statSync(file).isFile()) throw new Error('not found')
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'max-age=3600' })
      res.end(readFileSync(file))
    } catch {
      res.writeHead(404).end()
    }
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)))
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const storedCount = (page) =>
  page.evaluate(
    () =>
      new Promise((done) => {
        const open = indexedDB.open('blockfeed')
        open.onerror = () => done(0)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('history')) return db.close(), done(0)
          const count = db.transaction('history').objectStore('history').count()
          count.onsuccess = () => (db.close(), done(count.result))
        }
      }),
  )
const clearStored = (page) =>
  page.evaluate(
    () =>
      new Promise((done) => {
        const open = indexedDB.open('blockfeed')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('history')) return db.close(), done()
          const tx = db.transaction('history', 'readwrite')
          tx.objectStore('history').clear()
          tx.oncomplete = () => (db.close(), done())
        }
      }),
  )

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
async function until(condition, what) {
  const deadline = Date.now() + 15_000
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}

/**
 * Loads (or reloads) the page; answers the first row's time from navigation start and the history
 * requests it sent (their start times, from navigation start), once `settled` says its history
 * work is over (so that the next reload starts from the same state).
 */
async function visit(page, load, settled) {
  await load()
  await page.waitForFunction(() => window.__firstRow !== undefined, undefined, { timeout: 30_000 })
  await until(settled, 'the history to settle')
  return page.evaluate(() => ({
    firstRow: window.__firstRow,
    rowsFrame: window.__rowsFrame,
    requests: performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/v2.2/wallets/')).map((e) => e.startTime),
    answered: performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/v2.2/wallets/')).map((e) => e.responseEnd),
    chunk: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).map((e) => [e.name.split('/').pop(), Math.round(e.startTime), Math.round(e.responseEnd)]),
  }))
}

const dist = buildApp()
const server = await serve(dist)
const origin = `http://127.0.0.1:${server.address().port}`
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
try {
  const contextA = await browser.newContext()
  const contextB = await browser.newContext()
  const a = await contextA.newPage()
  const b = await contextB.newPage()
  const answered = { count: 0 }
  a.on('requestfinished', (r) => r.url().includes('/api/v2.2/wallets/') && answered.count++)
  // The first visit of A: its rows stored in IndexedDB.
  await visit(a, () => a.goto(`${origin}/`), async () => answered.count === 1 && (await storedCount(a)) > 0)
  await b.goto(`${origin}/?stub`)

  const ratios = []
  const timesA = []
  const timesB = []
  let requestsBeforeFirstRow = 0
  let restored = 0
  let requestsPerReload = 0
  for (let i = 0; i < RELOADS; i++) {
    const before = answered.count
    // A: the stored rows, then the one revalidation (answered after the delay, then stored again).
    const A = await visit(a, () => a.reload(), async () => answered.count > before && (await sleep(100), true))
    // Rows from storage: painted before the history's answer came (else the storage took over its 100 ms, and the network answered).
    if (A.firstRow < Math.min(...A.answered)) {
      restored++
      requestsBeforeFirstRow += A.requests.filter((t) => t < A.rowsFrame).length
    }
    requestsPerReload = Math.max(requestsPerReload, A.requests.length)
    // B: nothing stored, the stub answers at once; settled once it has stored its page.
    await clearStored(b)
    const B = await visit(b, () => b.reload(), async () => (await storedCount(b)) > 0)
    if (process.env.RELOAD_DEBUG) console.error(JSON.stringify({ A, B }))
    timesA.push(A.firstRow)
    timesB.push(B.firstRow)
    ratios.push(A.firstRow / B.firstRow)
  }
  const r = median(ratios)
  console.log(
    `reload first row: median ${r.toFixed(2)}× over ${RELOADS} reloads (A ${median(timesA).toFixed(0)} ms, B ${median(timesB).toFixed(0)} ms, delay ${DELAY_MS} ms); rows from storage in ${restored} of ${RELOADS}, with ${requestsBeforeFirstRow} history requests before their first row; history requests per reload at most ${requestsPerReload}`,
  )
} finally {
  await browser.close()
  server.close()
  rmSync(work, { recursive: true, force: true })
}
