/**
 * The feed in the viewer's language: chosen by the component, the provider or the browser; every
 * word from the catalogue (en-XA shows what escaped it); overrides; right to left; and no request
 * to the service when the language changes.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { useState, type ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { createClient } from '../../src/core/client.js'
import type { MessagesOption } from '../../src/i18n/types.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import en from '../../src/locales/en.js'
import de from '../../src/locales/de.js'
import fr from '../../src/locales/fr.js'
import ja from '../../src/locales/ja.js'
import { ALICE, TOKEN, WALLET, wireEntry } from './fixtures.js'
import { ChainFilter } from '../../src/components/ChainFilter/ChainFilter.js'
import { ExportControl } from '../../src/components/ExportControl/ExportControl.js'
import { PendingTransactions } from '../../src/components/PendingTransactions/PendingTransactions.js'
import { SourceNotices } from '../../src/components/SourceNotices/SourceNotices.js'
import { LocaleContext } from '../../src/i18n/context.js'
import { liveRecords, liveTokens } from '../../stories/feed/liveFixtures.js'

const wire = wireEntry
const spam = (n: number) =>
  wire(n, {
    from_address: ALICE,
    to_address: WALLET,
    value: '0',
    possible_spam: true,
    erc20_transfers: [{ token_name: 'Claim', token_symbol: 'CLAIM', token_decimals: '18', address: TOKEN, from_address: ALICE, to_address: WALLET, value: '1', possible_spam: true }],
  })

let page: 'rows' | 'empty' | 'error' = 'rows'
let requests = 0
const server = setupServer(
  http.get('https://api.test/api/v2.2/wallets/:address/history', ({ request }) => {
    requests++
    if (page === 'error') return HttpResponse.json({ message: 'down' }, { status: 503 })
    const more = new URL(request.url).searchParams.get('cursor') === null
    const result = page === 'empty' ? [] : more ? [wire(1), wire(2), spam(3)] : [wire(4)]
    return HttpResponse.json({ cursor: more && page === 'rows' ? 'p2' : null, page: 0, page_size: 3, result })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  page = 'rows'
  requests = 0
  vi.restoreAllMocks()
})
afterAll(() => server.close())

function providers(props: { locale?: string | readonly string[]; messages?: MessagesOption } = {}) {
  return function Wrapper({ children }: { children: ReactNode }) {
    const [{ queryClient, client }] = useState(() => ({
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      client: createClient({ baseUrl: 'https://api.test', retry: false }),
    }))
    return (
      <QueryClientProvider client={queryClient}>
        <BlockfeedProvider client={client} {...props}>{children}</BlockfeedProvider>
      </QueryClientProvider>
    )
  }
}

const feed = (props: Record<string, unknown> = {}) => <WalletActivityFeed address={WALLET} chain="eth" timeZone="UTC" {...props} />
const titles = () => screen.getAllByRole('article').map((a) => a.querySelector('.bf-row__title')!.textContent)

describe('which language the feed speaks', () => {
  it('the provider’s locale applies to the feed and everything in it (de-AT → German words, Austrian dates)', async () => {
    render(feed(), { wrapper: providers({ locale: 'de-AT' }) })
    await waitFor(() => expect(titles()[0]).toBe(de.row.titles.send), { timeout: 10_000 })
    expect(screen.getByRole('feed').getAttribute('aria-label')).toBe(de.feed.label)
    expect(document.querySelector('.bf-day')!.textContent).toMatch(/Mai|Jänner/)
    expect(screen.getByRole('searchbox', { name: de.filters.search })).toBeTruthy()
    expect(document.querySelector('.bf-feed')!.getAttribute('dir')).toBe('ltr')
  })

  it('a component’s own locale wins over the provider’s', async () => {
    render(feed({ locale: 'fr' }), { wrapper: providers({ locale: 'de' }) })
    await waitFor(() => expect(titles()[0]).toBe(fr.row.titles.send), { timeout: 10_000 })
  })

  it('without either, the browser’s languages (navigator.languages)', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja-JP', 'en'])
    render(feed(), { wrapper: providers() })
    await waitFor(() => expect(titles()[0]).toBe(ja.row.titles.send), { timeout: 10_000 })
  })

  it('a browser handing out a new navigator.languages array on every read (Chromium with a locale override) renders once, in its language', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockImplementation(() => ['ja-JP', 'en'])
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(feed(), { wrapper: providers() })
    await waitFor(() => expect(titles()[0]).toBe(ja.row.titles.send), { timeout: 10_000 })
    // Without a stable snapshot React warns "getSnapshot should be cached" and gives up (error #185).
    expect(error.mock.calls.map((c) => String(c[0])).filter((m) => /getSnapshot|Maximum update depth/.test(m))).toEqual([])
  })

  it('an unknown language shows English, with one warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    render(feed({ locale: 'qq-ZZ' }), { wrapper: providers() })
    await waitFor(() => expect(titles()[0]).toBe(en.row.titles.send), { timeout: 10_000 })
    expect(warn.mock.calls.filter((c) => String(c[0]).includes('qq-ZZ'))).toHaveLength(1)
  })

  it('changing the language re-words what is shown and sends nothing to the service', async () => {
    const { rerender } = render(feed({ locale: 'en' }), { wrapper: providers() })
    await waitFor(() => expect(titles()).toHaveLength(3), { timeout: 10_000 })
    const before = requests
    rerender(feed({ locale: 'de' }))
    await waitFor(() => expect(titles()[0]).toBe(de.row.titles.send))
    rerender(feed({ locale: 'ja' }))
    await waitFor(() => expect(titles()[0]).toBe(ja.row.titles.send))
    expect(requests).toBe(before)
  })
})

describe('overrides (messages on BlockfeedProvider)', () => {
  it('one key renamed shows; every other string is unchanged', async () => {
    const plain = render(feed(), { wrapper: providers({ locale: 'en' }) })
    // Settled: every row in and no page still loading (a loaded run can be between pages).
    await waitFor(() => expect(titles()).toHaveLength(3), { timeout: 10_000 })
    await screen.findByRole('button', { name: en.feed.showSpam }, { timeout: 10_000 })
    const expected = plain.container.textContent!.replace(en.feed.showSpam, 'Show junk')
    plain.unmount()
    const { container } = render(feed(), { wrapper: providers({ locale: 'en', messages: { feed: { showSpam: 'Show junk' } } }) })
    await screen.findByRole('button', { name: 'Show junk' }, { timeout: 10_000 })
    await waitFor(() => expect(container.textContent).toBe(expected), { timeout: 10_000 })
  })

  it('per locale: only the active locale’s overrides apply', async () => {
    const messages = { de: { feed: { showSpam: 'Spam zeigen' } }, fr: { feed: { showSpam: 'Voir le spam' } } }
    render(feed(), { wrapper: providers({ locale: 'de', messages }) })
    expect(await screen.findByRole('button', { name: 'Spam zeigen' }, { timeout: 10_000 })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Voir le spam' })).toBeNull()
  })

  it('a catalogue for a language blockfeed does not ship (Persian) is used, right to left', async () => {
    const fa = { ...en, row: { ...en.row, titles: { ...en.row.titles, send: 'ارسال شد' } } }
    render(feed(), { wrapper: providers({ locale: 'fa-IR', messages: { fa } }) })
    await waitFor(() => expect(titles()[0]).toBe('ارسال شد'), { timeout: 10_000 })
    expect(document.querySelector('.bf-feed')!.getAttribute('dir')).toBe('rtl')
  })
})

describe('right to left', () => {
  it('Arabic: dir="rtl" on the feed root; an app’s own dir wins', async () => {
    const { rerender } = render(feed({ locale: 'ar' }), { wrapper: providers() })
    await waitFor(() => expect(document.querySelector('.bf-feed')!.getAttribute('dir')).toBe('rtl'), { timeout: 10_000 })
    rerender(feed({ locale: 'ar', dir: 'ltr' }))
    expect(document.querySelector('.bf-feed')!.getAttribute('dir')).toBe('ltr')
  })
})

/** English UI words: every word of three letters or more in the English catalogue. */
const english = new Set(
  JSON.stringify(en)
    .replace(/\{\w+\}/g, ' ')
    .split(/[^A-Za-z’']+/)
    .filter((w) => w.length >= 3)
    .map((w) => w.toLowerCase()),
)
// Data in these fixtures, and words that are the same in English and in data (symbols, standards).
const data = new Set(['eth', 'erc', 'claim', 'csv', 'utc'])

/** Visible text and accessible names of a subtree; left out: data, dates Intl words (en-XA dates are English), and the deliberately English technical detail. */
function uiText(root: Element): string {
  const copy = root.cloneNode(true) as Element
  copy.querySelectorAll('[lang="en"], .bf-address, .bf-row__party, .bf-amount, bdi, time, .bf-day').forEach((e) => e.remove())
  const names = [...copy.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((e) => ['aria-label', 'title', 'placeholder'].map((a) => e.getAttribute(a) ?? ''))
  // Hashes and addresses are data, though hex can spell a word ("…5fee").
  return [copy.textContent ?? '', ...names].join(' ').replace(/0x[0-9a-fA-F]+/g, ' ')
}
function englishIn(root: Element): string[] {
  return [...new Set(uiText(root).split(/[^A-Za-z’']+/).filter((w) => w.length >= 3 && english.has(w.toLowerCase()) && !data.has(w.toLowerCase())))]
}

describe('en-XA: no English escapes the catalogue', () => {
  it('rows, the spam bar and marks, the filter bar and its More filters menu, the export', async () => {
    const { container } = render(feed({ locale: 'en-XA' }), { wrapper: providers() })
    await waitFor(() => expect(titles().length).toBeGreaterThan(0), { timeout: 10_000 })
    await waitFor(() => expect(screen.getByRole('feed').getAttribute('aria-label')).toMatch(/^\[/))
    // Spam shown: the spam bar's other sentence and the rows' "possible spam" marks.
    await userEvent.click(container.querySelector<HTMLButtonElement>('.bf-feed__spam button')!)
    const more = container.querySelector<HTMLButtonElement>('.bf-filters__menu .bf-chip')!
    await userEvent.click(more)
    await waitFor(() => expect(container.querySelector('.bf-filters__panel')).not.toBeNull())
    expect(englishIn(container)).toEqual([])
  })

  it('the empty state and the error state (its technical detail stays English, marked lang="en")', async () => {
    page = 'empty'
    const empty = render(feed({ locale: 'en-XA' }), { wrapper: providers() })
    await waitFor(() => expect(empty.container.querySelector('.bf-feed__message')).not.toBeNull(), { timeout: 10_000 })
    await waitFor(() => expect(empty.container.querySelector('.bf-feed__message-title')!.textContent).toMatch(/^\[/))
    expect(englishIn(empty.container)).toEqual([])
    empty.unmount()
    page = 'error'
    const failed = render(feed({ locale: 'en-XA' }), { wrapper: providers() })
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 })
    await waitFor(() => expect(within(alert).getByRole('button').textContent).toMatch(/^\[/))
    expect(englishIn(failed.container)).toEqual([])
    expect(alert.querySelector('code[lang="en"]')!.textContent).toContain('503')
  })
})

describe('en-XA: the parts used on their own', () => {
  const pseudo = (node: ReactNode) => render(<LocaleContext.Provider value={{ locale: 'en-XA' }}>{node}</LocaleContext.Provider>)
  const bracketed = (root: Element, selector: string) => waitFor(() => expect(root.querySelector(selector)!.textContent).toMatch(/^\[/), { timeout: 10_000 })

  it('the Pending group in every status, with its actions', async () => {
    const records = [liveRecords.pending, liveRecords.confirming, liveRecords.confirmed, liveRecords.failed, liveRecords.replaced, liveRecords.dropped]
    const { container } = pseudo(<PendingTransactions records={records} tokens={liveTokens} chain="eth" onSendAgain={() => {}} onDismiss={() => {}} />)
    await bracketed(container, '.bf-pending__title')
    expect(englishIn(container)).toEqual([])
  })

  it('the export while running, done, cancelled and failed', async () => {
    const progress = { entries: 1200, rows: 1300, requests: 12, chain: 'eth', reached: '2024-03-02T00:00:00Z', resume: null, done: false }
    for (const [status, error] of [['running', null], ['done', null], ['cancelled', null], ['error', new Error('HTTP 503')]] as const) {
      const view = pseudo(<ExportControl status={status} progress={progress} error={error} onStart={() => {}} onCancel={() => {}} timeZone="UTC" />)
      await bracketed(view.container, '.bf-export')
      expect(englishIn(view.container), status).toEqual([])
      view.unmount()
    }
  })

  it('the chain chips and a failed chain’s notice', async () => {
    const sources = [{ chain: 'base', wallet: WALLET, status: 'error' as const, error: new Error(''), requests: 1 }]
    const { container } = pseudo(
      <>
        <ChainFilter chains={['eth', 'base']} />
        <SourceNotices sources={sources} onRetry={() => {}} />
      </>,
    )
    await bracketed(container, '.bf-notice__retry')
    expect(englishIn(container)).toEqual([])
  })
})

describe('CSV column titles in the viewer’s language', () => {
  it('csvHeaders: the matched catalogue’s titles (de-AT → German), English for an unknown language', async () => {
    const { csvHeaders } = await import('../../src/components/ExportControl/ExportControl.js')
    expect(await csvHeaders('de-AT')).toEqual(de.csv)
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(await csvHeaders('qq')).toEqual(en.csv)
  })
})
