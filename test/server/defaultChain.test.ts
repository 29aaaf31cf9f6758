import { describe, expect, it } from 'vitest'
import { InvalidParameterError } from '../../src/core/errors.js'
import { createProxyHandler, type ProxyHandlerOptions } from '../../src/server/createProxyHandler.js'
import { API_KEY, WALLET } from '../faults/support/fixtures.js'

// A defaultChain the proxy cannot serve (a typo, `ethereum` for `eth`, a devnet's id without extraChains)
// would make every history page without `?chain=` a 400 that blames the browser's `chain`, and every RPC
// call without one fail: so it is refused when the proxy is made, naming the option, as timeoutMs is.

const make = (extra: Partial<ProxyHandlerOptions>) => () => createProxyHandler({ baseUrl: 'http://127.0.0.1:9/', apiKey: API_KEY, ...extra })

describe('createProxyHandler defaultChain', () => {
  it('refuses a chain that is not one of the spec\'s nor an extra chain, with an InvalidParameterError naming `defaultChain`', () => {
    for (const defaultChain of ['ethereum', 'mainnet', '0x7a69', '', ' eth']) {
      let error: unknown
      try {
        make({ defaultChain })()
      } catch (e) {
        error = e
      }
      expect(error, defaultChain).toBeInstanceOf(InvalidParameterError)
      expect((error as InvalidParameterError).parameter, defaultChain).toBe('defaultChain')
      expect((error as Error).message, defaultChain).toMatch(/`defaultChain`/)
    }
  })

  it('refuses a defaultChain that is not text (a number from a config file), naming it', () => {
    expect(make({ defaultChain: 1 as unknown as string })).toThrow(/`defaultChain`/)
  })

  it("takes the spec's chains by name or hex id, an extra chain, or none", async () => {
    for (const defaultChain of ['eth', 'polygon', '0x89', '0xE705', undefined]) expect(make({ defaultChain }), String(defaultChain)).not.toThrow()
    const handler = make({ defaultChain: '0x7a69', extraChains: ['0x7a69'] })()
    // Made, and serving: a bad wallet is still the client's 400, not a failure about the chain.
    const response = await handler(new Request(`http://proxy.test/api/blockfeed/api/v2.2/wallets/${WALLET.slice(0, 10)}/history`))
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { parameter: string } }).error.parameter).toBe('address')
  })

  it('refuses extraChains that is not a list of chain ids, naming it (each request then failed with 500 internal_error)', () => {
    expect(make({ extraChains: '0x7a69' as unknown as string[] })).toThrow(InvalidParameterError)
    expect(make({ extraChains: '0x7a69' as unknown as string[] })).toThrow(/`extraChains`/)
    expect(make({ extraChains: [7 as unknown as string] })).toThrow(/`extraChains`/)
  })
})
