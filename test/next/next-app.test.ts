/**
 * examples/next-app, for real: its own lockfile installed with `npm ci`, blockfeed from the packed
 * tarball, `next build` and `next start` against the devnet (history and RPC behind the proxy route,
 * with an API key), then Chromium: the first rows are in the server's HTML, hydration neither warns
 * nor fetches the page again, the key is in no static file and no response, a bad address is the
 * feed's error state, not a crash page, new blocks come over the proxy's head stream (no polls), and the send page's transaction, sent through wagmi (its
 * `mock` connector holding bob; held pending by switching the devnet's automine off), is in the
 * Pending group at once with no `track` call in the app (blockfeed/wagmi picks it up), then
 * confirmed, then its indexed row.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashKey } from '@tanstack/query-core'
import { walletHistoryQueryKey } from '../../src/core/query/walletHistory.js'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { launchChromium } from '../support/chromium.js'
import { freePort } from '../support/ports.js'

const root = resolve(import.meta.dirname, '../..')
const API_KEY = 'next-app-secret-key-7f3a91'
const HISTORY = /\/api\/blockfeed\/api\/v2\.2\/wallets\//

let work: string
let app: string
let devnet: Devnet
let next: ChildProcess | undefined
let browser: Browser
let appUrl: string
let alice: string

const run = (cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) =>
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false', NEXT_TELEMETRY_DISABLED: '1', ...env } })

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(join(dir, d.name)) : [join(dir, d.name)]))
}

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, apiKey: API_KEY })
  alice = devnet.wallets.find((w) => w.name === 'alice')!.address
  work = mkdtempSync(join(tmpdir(), 'blockfeed-next-'))
  app = join(work, 'next-app')
  cpSync(join(root, 'examples/next-app'), app, { recursive: true, filter: (src) => !/[/\\](node_modules|\.next)([/\\]|$)|\.tgz$/.test(src) })
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], root))[0]
  // The example's own lockfile, exactly: it lists Next's compiler for every platform (Next is pinned to a
  // release whose eight builds are all on the registry), so `npm ci` works on macOS, Windows and here.
  run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], app)
  run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefer-offline', join(work, packed.filename)], app)

  const env = {
    BLOCKFEED_BASE_URL: devnet.url,
    BLOCKFEED_API_KEY: API_KEY,
    BLOCKFEED_RPC_URL: devnet.rpcUrl,
    BLOCKFEED_CHAIN: '0x7a69',
    BLOCKFEED_EXTRA_CHAINS: '0x7a69',
  }
  // The build gets no secret: what ends up in .next/static cannot hold it.
  run('npx', ['next', 'build'], app, { BLOCKFEED_CHAIN: '0x7a69', BLOCKFEED_EXTRA_CHAINS: '0x7a69' })
  const port = await freePort()
  next = spawn('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], { cwd: app, env: { ...process.env, ...env, NEXT_TELEMETRY_DISABLED: '1' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  await new Promise<void>((ready, fail) => {
    let out = ''
    next!.stdout!.on('data', (d) => {
      out += String(d)
      if (/Ready in|started server/i.test(out)) ready()
    })
    next!.once('exit', (code) => fail(new Error(`next start exited with ${code}: ${out}`)))
  })
  appUrl = `http://127.0.0.1:${port}`
  browser = await launchChromium()
}, 900_000)

afterAll(async () => {
  await browser?.close()
  // `npx` starts next in its own process group: end the group, not only npx.
  if (next?.pid) {
    try {
      process.kill(-next.pid, 'SIGTERM')
    } catch {}
  }
  await devnet?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('examples/next-app built and served by Next.js', () => {
  it('puts the first rows in the server HTML, before any script runs', async () => {
    const html = await (await fetch(`${appUrl}/?address=${alice}`)).text()
    const articles = html.match(/<article\b/g) ?? []
    expect(articles.length).toBeGreaterThan(0)
    expect(html).toContain('role="feed"')
    expect(html).not.toContain(API_KEY)
  })

  it('hydrates without a mismatch warning and without asking for the first page again', async () => {
    const page = await browser.newPage()
    const problems: string[] = []
    const historyRequests: string[] = []
    const failed: string[] = []
    // Resource failures are checked by URL below (the app has no favicon); every other console error counts.
    page.on('console', (m) => {
      if ((m.type() === 'error' && !m.text().startsWith('Failed to load resource')) || /hydrat/i.test(m.text())) problems.push(m.text())
    })
    page.on('pageerror', (e) => problems.push(e.message))
    page.on('request', (r) => HISTORY.test(r.url()) && historyRequests.push(r.url()))
    page.on('response', (r) => r.status() >= 400 && failed.push(new URL(r.url()).pathname))
    await page.goto(`${appUrl}/?address=${alice}`, { waitUntil: 'networkidle' })
    await page.getByRole('feed').locator('article').first().waitFor()
    // React has attached: the feed answers the keyboard.
    await page.getByRole('feed').locator('article').first().focus()
    expect(problems).toEqual([])
    expect(failed.filter((p) => p !== '/favicon.ico')).toEqual([])
    expect(historyRequests).toEqual([])
    await page.close()
  })

  it('a first page prefetched on the server wins over one stored in the browser: the server\'s rows, no hydration warning, no request', async () => {
    // A stored history for the very key the page hydrates, as a last visit would have left it, with a row the server does not have.
    const served = (await (await fetch(`${devnet.url}/api/v2.2/wallets/${alice}/history?chain=0x7a69`, { headers: { 'x-api-key': API_KEY } })).json()) as { result: Record<string, unknown>[] }
    const storedOnly = { ...served.result[0]!, hash: `0x${'5'.repeat(64)}`, summary: 'A row only the stored history has' }
    const queryKey = walletHistoryQueryKey({ baseUrl: '/api/blockfeed', chain: '0x7a69', extraChains: ['0x7a69'] }, { address: alice, chain: '0x7a69' })
    const record = {
      buster: 'blockfeed-history-1', queryHash: hashKey(queryKey), queryKey,
      state: { dataUpdatedAt: Date.now(), data: { pages: [{ ...served, result: [storedOnly, ...served.result] }], pageParams: [null] } },
    }
    const page = await browser.newPage()
    const problems: string[] = []
    const historyRequests: string[] = []
    page.on('console', (m) => {
      if ((m.type() === 'error' && !m.text().startsWith('Failed to load resource')) || /hydrat|blockfeed:/i.test(m.text())) problems.push(m.text())
    })
    page.on('pageerror', (e) => problems.push(e.message))
    await page.goto(`${appUrl}/?address=${alice}`, { waitUntil: 'networkidle' })
    await page.evaluate(
      ([key, value]) =>
        new Promise<void>((done, fail) => {
          const open = indexedDB.open('blockfeed')
          open.onupgradeneeded = () => open.result.createObjectStore('history')
          open.onerror = () => fail(open.error)
          open.onsuccess = () => {
            const tx = open.result.transaction('history', 'readwrite')
            tx.objectStore('history').put(value, key)
            tx.oncomplete = () => (open.result.close(), done())
            tx.onerror = () => fail(tx.error)
          }
        }),
      [`blockfeed-history-${record.queryHash}`, JSON.stringify(record)] as const,
    )
    page.on('request', (r) => HISTORY.test(r.url()) && historyRequests.push(r.url()))
    await page.reload({ waitUntil: 'networkidle' })
    const feed = page.getByRole('feed')
    await feed.locator('article').first().waitFor()
    await feed.locator('article').first().focus()
    expect(await feed.locator('article').count()).toBeGreaterThan(0)
    expect(await page.getByText('A row only the stored history has').count()).toBe(0)
    expect(problems).toEqual([])
    expect(historyRequests).toEqual([])
    await page.close()
  })

  it('keeps the API key out of every static file and every response to the browser', async () => {
    const statics = filesUnder(join(app, '.next/static'))
    expect(statics.length).toBeGreaterThan(0)
    const leaking = statics.filter((f) => statSync(f).size < 20_000_000 && readFileSync(f, 'utf8').includes(API_KEY))
    expect(leaking).toEqual([])

    const page = await browser.newPage()
    const bodies: Promise<string>[] = []
    page.on('response', (r) => bodies.push(r.text().catch(() => '')))
    await page.goto(`${appUrl}/?address=${alice}`, { waitUntil: 'networkidle' })
    // Scroll to the end so further pages come through the proxy route too.
    const more = page.getByRole('button', { name: /load more/i })
    if (await more.count()) await more.click()
    await page.waitForLoadState('networkidle')
    const texts = await Promise.all(bodies)
    expect(texts.length).toBeGreaterThan(3)
    expect(texts.filter((t) => t.includes(API_KEY))).toEqual([])
    // And the proxy route itself: a direct call answers with data, not the key.
    const direct = await (await fetch(`${appUrl}/api/blockfeed/api/v2.2/wallets/${alice}/history?chain=0x7a69`)).text()
    expect(direct).toContain('"result"')
    expect(direct).not.toContain(API_KEY)
    await page.close()
  })

  it('shows a bad address in the URL as the feed’s typed error state, not a crash page', async () => {
    const response = await fetch(`${appUrl}/?address=0x123`)
    expect(response.status).toBe(200)
    const page = await browser.newPage()
    const crashes: string[] = []
    page.on('pageerror', (e) => crashes.push(e.message))
    await page.goto(`${appUrl}/?address=0x123`, { waitUntil: 'networkidle' })
    // The feed's own alert (Next.js keeps an empty one for route announcements).
    const alert = page.getByRole('feed').or(page.locator('.bf-feed')).getByRole('alert').first()
    await alert.waitFor()
    expect(await alert.textContent()).toMatch(/address/i)
    expect(await page.getByText(/application error/i).count()).toBe(0)
    expect(crashes).toEqual([])
    await page.close()
  })

  it('new blocks reach the feed over the proxy\'s head stream: a transaction to the wallet shows without one eth_blockNumber poll', async () => {
    const page = await browser.newPage()
    const streams: { url: string; status: number; type: string }[] = []
    const polls: string[] = []
    page.on('response', (r) => r.url().includes('/api/blockfeed/head') && streams.push({ url: r.url(), status: r.status(), type: r.headers()['content-type'] ?? '' }))
    page.on('request', (r) => r.url().includes('/api/blockfeed/rpc') && /eth_blockNumber/.test(r.postData() ?? '') && polls.push(r.postData()!))
    await page.goto(`${appUrl}/?address=${alice}`, { waitUntil: 'domcontentloaded' })
    await page.getByRole('feed').locator('article').first().waitFor()
    await expect.poll(() => streams.length, { timeout: 30_000 }).toBeGreaterThan(0)
    expect(streams[0]).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/event-stream/) })
    expect(new URL(streams[0]!.url).searchParams.get('chain')).toBe('0x7a69')
    polls.splice(0)

    const bob = devnet.wallets.find((w) => w.name === 'bob')!.address
    const sent = await fetch(devnet.nodeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params: [{ from: bob, to: alice, value: '0x60452cbf06e28000' }] }),
    }).then((r) => r.json() as Promise<{ result?: string }>)
    expect(sent.result).toMatch(/^0x[0-9a-f]{64}$/)
    // 6.937 ETH from bob: the new block's event brings the first page again, and the row.
    await page.getByRole('feed').locator('article', { hasText: '6.937' }).first().waitFor({ timeout: 30_000 })
    expect(polls).toEqual([])
    expect(streams).toHaveLength(1)
    await page.close()
  })

  it('the send page: a devnet transaction sent through wagmi is pending at once (the bridge tracks it), then confirmed, then its indexed row (no reload, no duplicate)', async () => {
    const node = (method: string, params: unknown[] = []) =>
      fetch(devnet.nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json())
    // What puts the row there is the bridge: the page sends with wagmi's useSendTransaction and never tracks by hand.
    const source = readFileSync(join(app, 'app/send/send-on-devnet.tsx'), 'utf8')
    expect(source).toMatch(/\buseSendTransaction\b/)
    expect(source).not.toMatch(/useSendRawTransaction|useTrackTransaction|\btrack\(/)
    const page = await browser.newPage()
    const problems: string[] = []
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && problems.push(m.text()))
    page.on('pageerror', (e) => problems.push(e.message))
    await page.goto(`${appUrl}/send`, { waitUntil: 'networkidle' })
    await page.getByRole('feed').locator('article').first().waitFor()
    const ours = page.getByRole('feed').locator('article', { hasText: '0.012345' })
    expect(await ours.count()).toBe(0)
    // Every data-status the pending row takes, in order, however briefly (the indexed row may follow at once).
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { statuses: string[] }).statuses = [])
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('.bf-pending__item')) {
          const s = el.getAttribute('data-status')!
          if (seen.at(-1) !== s) seen.push(s)
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] })
    })

    await node('evm_setAutomine', [false])
    try {
      await page.getByRole('button', { name: /send 0\.012345 ETH/i }).click()
      const hash = await page.locator('output[data-hash]').getAttribute('data-hash')
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
      // Held in the node's pool: shown in the Pending group, from what the app asked wagmi to send.
      const group = page.getByRole('group', { name: 'Pending' })
      const item = group.locator('.bf-pending__item')
      await item.waitFor()
      expect(await item.count()).toBe(1)
      expect(await item.getAttribute('data-status')).toBe('pending')
      expect(await item.locator('.bf-pending__status').textContent()).toBe('Sending')
      expect(await item.locator('.bf-pending__summary').textContent()).toMatch(/^Sending 0\.012345 .*to 0x90F7…b906$/)
      expect(await ours.count()).toBe(0)
      expect((await node('eth_getTransactionReceipt', [hash])).result).toBeNull()

      await node('evm_mine')
      // Confirmed (announced), then the indexed row in its place: one row of it, no Pending group.
      await page.locator('.bf-pending [role="status"]', { hasText: 'Transaction confirmed' }).waitFor({ timeout: 30_000 })
      await ours.first().waitFor({ timeout: 30_000 })
      await group.waitFor({ state: 'detached', timeout: 30_000 })
      expect(await ours.count()).toBe(1)
      // Pending, then confirmed if a render showed it before the indexed row took its place (on a busy
      // machine both can land in one render): never another status, never back.
      const statuses = await page.evaluate(() => (window as unknown as { statuses: string[] }).statuses)
      expect(['pending', 'confirmed'].slice(0, statuses.length)).toEqual(statuses)
      expect(statuses[0]).toBe('pending')
      expect(problems).toEqual([])
    } finally {
      await node('evm_setAutomine', [true])
      await page.close()
    }
  })
})
