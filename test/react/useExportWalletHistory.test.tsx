import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ExportControl } from '../../src/components/ExportControl/ExportControl.js'
import { useExportWalletHistory } from '../../src/react/useExportWalletHistory.js'
import { setup } from './support.js'

const WALLET = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const entry = (n: number) => ({
  hash: hash(n),
  from_address: OTHER,
  to_address: WALLET,
  value: String(10n ** 18n * BigInt(n)),
  block_timestamp: `2024-03-0${n}T12:00:00.000Z`,
  block_number: String(100 + n),
  receipt_status: '1',
})

const requests: (string | null)[] = []
let failOn: string | undefined
const server = setupServer(
  http.get('https://api.test/api/v2.2/wallets/:address/history', ({ request }) => {
    const cursor = new URL(request.url).searchParams.get('cursor')
    requests.push(cursor)
    if (cursor === failOn) return HttpResponse.json({ message: 'down' }, { status: 503 })
    const page = cursor ? Number(cursor) : 0
    return HttpResponse.json({ page, page_size: 2, cursor: page < 2 ? String(page + 1) : '', result: [entry(page * 2 + 1), entry(page * 2 + 2)] })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  requests.length = 0
  failOn = undefined
})
afterAll(() => server.close())

describe('useExportWalletHistory', () => {
  it('writes the whole history through `write`, header first, and reports done with the counts', async () => {
    const { wrapper } = setup({ chain: 'eth' })
    const { result } = renderHook(() => useExportWalletHistory({ address: WALLET }), { wrapper })
    const chunks: string[] = []
    await act(() => result.current.start({ write: (c) => void chunks.push(c) }))
    expect(result.current.error).toBeNull()
    expect(result.current.status).toBe('done')
    expect(requests).toEqual([null, '1', '2'])
    expect(chunks[0]).toMatch(/^hash,timestamp,/)
    const lines = chunks.join('').trim().split('\r\n')
    expect(lines).toHaveLength(1 + 6)
    expect(lines[1]).toContain(',1000000000000000000,1,')
    expect(result.current.progress).toMatchObject({ entries: 6, rows: 6, done: true })
  })

  it('resumes after a failed page from where it stopped, keeping what was written', async () => {
    const { wrapper } = setup({ chain: 'eth' })
    const { result } = renderHook(() => useExportWalletHistory({ address: WALLET }), { wrapper })
    const chunks: string[] = []
    const write = (c: string) => void chunks.push(c)
    failOn = '2'
    await act(() => result.current.start({ write }))
    expect(result.current.status).toBe('error')
    expect(result.current.error?.name).toBe('HttpStatusError')
    failOn = undefined
    requests.length = 0
    await act(() => result.current.start({ write }))
    expect(result.current.status).toBe('done')
    // Only the page that failed was asked for again.
    expect(requests).toEqual(['2'])
    const hashes = chunks.join('').trim().split('\r\n').slice(1).map((l) => l.split(',')[0])
    expect(hashes).toEqual([1, 2, 3, 4, 5, 6].map(hash))
  })
})

describe('useExportWalletHistory with real-world parameters', () => {
  it('takes block bounds given as bigint (viem’s type for block numbers) and sends them', async () => {
    const { wrapper } = setup({ chain: 'eth' })
    const urls: string[] = []
    server.events.on('request:start', ({ request }) => void urls.push(request.url))
    const { result } = renderHook(() => useExportWalletHistory({ address: WALLET, fromBlock: 100n, toBlock: 19_000_000n }), { wrapper })
    await act(() => result.current.start({ write: () => {} }))
    server.events.removeAllListeners()
    expect(result.current.status).toBe('done')
    expect(new URL(urls[0]!).searchParams.get('from_block')).toBe('100')
  })

  it('after a resume, counts the whole file (what was saved before the failure too)', async () => {
    const { wrapper } = setup({ chain: 'eth' })
    const { result } = renderHook(() => useExportWalletHistory({ address: WALLET }), { wrapper })
    failOn = '2'
    await act(() => result.current.start({ write: () => {} }))
    expect(result.current.progress).toMatchObject({ entries: 4, rows: 4 })
    failOn = undefined
    await act(() => result.current.start({ write: () => {} }))
    expect(result.current.status).toBe('done')
    expect(result.current.progress).toMatchObject({ entries: 6, rows: 6, done: true, reached: '2024-03-06T12:00:00.000Z' })
  })
})

describe('ExportControl with the hook (the feed’s button)', () => {
  function Harness() {
    // The state goes to the control; start and cancel become its handlers (spread, they would land on its <div>).
    const { start, cancel, ...state } = useExportWalletHistory({ address: WALLET })
    return <ExportControl {...state} onStart={() => void start({ filename: 'history.csv' })} onCancel={cancel} locale="en-GB" timeZone="UTC" />
  }

  it('downloads a UTF-8 file with a BOM, and says how many rows it saved', async () => {
    const saved: Blob[] = []
    const createObjectURL = vi.fn((b: Blob) => (saved.push(b), 'blob:history'))
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const clicks: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download)
    })
    const { wrapper } = setup({ chain: 'eth' })
    render(<Harness />, { wrapper })
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await screen.findByText('Saved 6 rows')
    expect(clicks).toEqual(['history.csv'])
    expect(saved[0]!.type).toBe('text/csv;charset=utf-8')
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    click.mockRestore()
  })

  it('shows progress with the date reached while running, and Cancel stops with no further request', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    server.use(
      http.get('https://api.test/api/v2.2/wallets/:address/history', async ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor')
        requests.push(cursor)
        if (cursor) await gate
        return HttpResponse.json({ page: 0, page_size: 2, cursor: cursor ? '' : '1', result: [entry(1), entry(2)] })
      }),
    )
    const { wrapper } = setup({ chain: 'eth' })
    render(<Harness />, { wrapper })
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    const bar = await screen.findByRole('progressbar', { name: 'Exporting history' })
    await waitFor(() => expect(bar.getAttribute('aria-valuetext')).toBe('2 transactions, up to 2 Mar 2024'))
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await screen.findByText('Export cancelled')
    release()
    expect(requests).toEqual([null, '1'])
  })

  it('after a failure and Resume, says how many rows the saved file has (all of them)', async () => {
    const saved: Blob[] = []
    Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => (saved.push(b), 'blob:history')), revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    failOn = '2'
    const { wrapper } = setup({ chain: 'eth' })
    render(<Harness />, { wrapper })
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await screen.findByRole('alert')
    failOn = undefined
    await userEvent.click(screen.getByRole('button', { name: 'Resume export' }))
    await screen.findByText(/^Saved \d+ rows$/)
    const lines = (await saved[0]!.text()).trim().split('\r\n')
    expect(lines).toHaveLength(1 + 6)
    expect(screen.getByText(/^Saved \d+ rows$/).textContent).toBe('Saved 6 rows')
    click.mockRestore()
  })

  it('switching to another wallet mid-export leaves a fresh control: no "cancelled" from the old export, and Export starts at once', async () => {
    const OTHER_WALLET = '0x3333333333333333333333333333333333333333'
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const asked: string[] = []
    server.use(
      http.get('https://api.test/api/v2.2/wallets/:address/history', async ({ request, params }) => {
        asked.push(String(params.address).toLowerCase())
        if (String(params.address).toLowerCase() === WALLET) await gate
        return HttpResponse.json({ page: 0, page_size: 2, cursor: '', result: [entry(1), entry(2)] })
      }),
    )
    function Switchable({ address }: { address: string }) {
      const { start, cancel, ...state } = useExportWalletHistory({ address })
      return <ExportControl {...state} onStart={() => void start({ write: () => {} })} onCancel={cancel} locale="en-GB" timeZone="UTC" />
    }
    const { wrapper } = setup({ chain: 'eth' })
    const view = render(<Switchable address={WALLET} />, { wrapper })
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await screen.findByRole('progressbar')
    view.rerender(<Switchable address={OTHER_WALLET} />)
    // The old export's request is aborted and settles.
    await act(async () => {
      release()
      await new Promise((r) => setTimeout(r, 50))
    })
    expect(screen.queryByText('Export cancelled')).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await screen.findByText('Saved 2 rows')
    expect(asked).toEqual([WALLET, OTHER_WALLET])
  })

  it('after a failure offers to resume and says where it stopped', async () => {
    failOn = '1'
    const { wrapper } = setup({ chain: 'eth' })
    render(<Harness />, { wrapper })
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/^Export stopped after 2 transactions, up to 2 Mar 2024: /)
    expect(screen.getByRole('button', { name: 'Resume export' })).toBeTruthy()
  })
})
