/**
 * The feed under a strict Content-Security-Policy (no 'unsafe-eval', no 'unsafe-inline'): an app
 * bundled from the built package with code splitting (test/ship/csp/), served with the policy from
 * 127.0.0.1 and driven in Chromium. Loading, scrolling to the end of the history, filtering,
 * opening a row's details and exporting CSV must raise no `securitypolicyviolation` event.
 */
import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../support/chromium'
import { wallets, walletTransactions } from '../../src/testing/index.js'
import { LOGO_ORIGIN, bundleApp, logoSvg, moduleAt, startCspServer, type CspServer } from './csp/server.js'

/** What a `securitypolicyviolation` event says, as the page records it. */
interface RecordedViolation {
  violatedDirective: string
  blockedURI: string
  sourceFile: string
  lineNumber: number
  columnNumber: number
  sample: string
}

declare global {
  interface Window {
    __cspViolations: RecordedViolation[]
  }
}

/** A violation, with the step that raised it and the bundled module its line is in. */
interface Violation extends RecordedViolation {
  step: string
  module: string | undefined
}

// Slow CI: every wait is generous; the run itself takes a few seconds.
const STEP_MS = 20_000

let files: Awaited<ReturnType<typeof bundleApp>>
let server: CspServer
let browser: Browser
let page: Page
const violations: Violation[] = []
const consoleErrors: string[] = []
const pageErrors: string[] = []
let logosServed = 0

/** Takes the violations the page recorded since the last step, marked with the step that raised them. */
async function collect(step: string) {
  const found = await page.evaluate(() => window.__cspViolations.splice(0))
  violations.push(...found.map((v) => ({ step, ...v, module: v.sourceFile ? moduleAt(files, v.sourceFile, v.lineNumber) : undefined })))
}

/** One line per distinct violation, with how many times it happened. */
function report(list: readonly Violation[], errors: readonly string[]): string {
  const counts = new Map<string, number>()
  for (const v of list) {
    const where = v.sourceFile ? `${new URL(v.sourceFile).pathname}:${v.lineNumber}:${v.columnNumber}${v.module ? ` (${v.module})` : ''}` : '(no source)'
    const line = `${v.step}: ${v.violatedDirective} blocked ${v.blockedURI || '(inline)'} at ${where}${v.sample ? ` — ${v.sample}` : ''}`
    counts.set(line, (counts.get(line) ?? 0) + 1)
  }
  return [
    `${list.length} securitypolicyviolation event(s):`,
    ...[...counts].map(([line, n]) => `  ${n} × ${line}`),
    ...(errors.length ? ['console:', ...errors.map((e) => `  ${e}`)] : []),
  ].join('\n')
}

beforeAll(async () => {
  const [bundled, launched] = await Promise.all([bundleApp(), launchChromium()])
  files = bundled
  browser = launched
  server = await startCspServer(files)
  // With a locale override Chromium returns a new `navigator.languages` array on every read: the
  // feed's language hook must not take that for a change (it once re-rendered without end).
  const context = await browser.newContext({ viewport: { width: 1024, height: 900 }, acceptDownloads: true, timezoneId: 'UTC', locale: 'en-US' })
  // The logo origin has no network here: its answers come from the test (the policy still applies to them).
  await context.route(`${LOGO_ORIGIN}/**`, (route) => {
    logosServed++
    return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: logoSvg(new URL(route.request().url()).pathname) })
  })
  page = await context.newPage()
  await page.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations.push({ violatedDirective: e.violatedDirective, blockedURI: e.blockedURI, sourceFile: e.sourceFile, lineNumber: e.lineNumber, columnNumber: e.columnNumber, sample: e.sample })
    })
  })
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text())
  })
  page.on('pageerror', (e) => pageErrors.push(String(e.stack ?? e)))
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe('strict Content-Security-Policy', () => {
  it('the feed loads, scrolls, filters, opens details and exports with no securitypolicyviolation', async () => {
    const rich = walletTransactions('rich', 'eth')
    const target = rich.find((t) => t.kind === 'nativeOut')!

    // Load: the first rows, from the service, with logos.
    await page.goto(`${server.url}/?wallet=${wallets.rich}&ipfs=${encodeURIComponent(`${LOGO_ORIGIN}/ipfs/`)}`)
    const feed = page.getByRole('feed', { name: 'Wallet activity' })
    await feed.locator('article').first().waitFor({ timeout: STEP_MS })
    expect(await feed.locator('article').count()).toBeGreaterThan(3)
    await expect.poll(() => page.locator(`img[src^="${LOGO_ORIGIN}/"]`).evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length), { timeout: STEP_MS }).toBeGreaterThan(0)
    await collect('load')
    const assetsAtLoad = server.served.assets.length

    // Scroll the virtualized list to its end: older pages load as it nears the end, up to the last one.
    const viewport = page.locator('.bf-feed__viewport')
    await expect
      .poll(
        async () => {
          await viewport.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
          const last = feed.locator('article').last()
          const [position, size] = await Promise.all([last.getAttribute('aria-posinset'), last.getAttribute('aria-setsize')])
          return server.served.lastPageEnded && size !== '-1' && position === size
        },
        { timeout: STEP_MS, interval: 100 },
      )
      .toBe(true)
    expect(server.served.historyPages).toBeGreaterThanOrEqual(4)
    await collect('scroll')

    // Filter: the search box narrows the whole loaded history to the one transaction with that hash.
    await page.getByRole('searchbox', { name: 'Search by hash, address, token or label' }).fill(target.raw.hash)
    await expect.poll(() => page.getByText(`1 match in ${rich.length} loaded transactions`).count(), { timeout: STEP_MS }).toBe(1)
    await expect.poll(() => feed.locator('article').count(), { timeout: STEP_MS }).toBe(1)
    await collect('filter')

    // Details: the lazily loaded node view, from the node's answers (status with confirmations, fee).
    const row = feed.locator('article')
    await row.getByRole('button', { name: 'Details' }).click()
    const status = row.locator('.bf-details__status')
    await status.waitFor({ timeout: STEP_MS })
    expect(await status.textContent()).toBe('Succeeded')
    await row.locator('dt', { hasText: /^Fee$/ }).waitFor({ timeout: STEP_MS })
    expect(await row.locator('.bf-details__confirmations').textContent()).toMatch(/^[\d,]+ confirmations?$/)
    expect(server.served.rpcMethods).toContain('eth_getTransactionReceipt')
    await collect('details')

    // Export: the whole history as a CSV download, with its header line.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: STEP_MS }), page.getByRole('button', { name: 'Export CSV' }).click()])
    expect(download.suggestedFilename()).toMatch(/\.csv$/)
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
    const lines = csv.split(/\r?\n/).filter(Boolean)
    expect(lines[0]).toMatch(/^hash,timestamp,/)
    expect(lines.length).toBeGreaterThan(rich.length)
    expect(csv).toContain(target.raw.hash)
    await page.getByText(/^Saved [\d,]+ rows$/).waitFor({ timeout: STEP_MS })
    await collect('export')

    // Chromium also writes each refusal to the console (a worker's would show only there).
    const refusals = consoleErrors.filter((e) => /Content Security Policy/i.test(e))
    if (violations.length > 0 || refusals.length > 0) expect.fail(report(violations, refusals))
    expect(pageErrors).toEqual([])
    expect(server.served.unknown).toEqual([])
    // Code splitting was real: chunks came after the first screen too (the details view when a row opened).
    expect(server.served.assets.length).toBeGreaterThan(assetsAtLoad)
    expect(logosServed).toBeGreaterThan(0)

    // The policy is in force and the recorder hears it: an image from an origin it does not list is refused.
    await page.evaluate(() => document.body.append(Object.assign(new Image(), { src: 'https://csp-probe.invalid/x.png' })))
    await expect.poll(() => page.evaluate(() => window.__cspViolations.map((v) => `${v.violatedDirective} ${v.blockedURI}`)), { timeout: STEP_MS }).toEqual(['img-src https://csp-probe.invalid/x.png'])
  })
})
