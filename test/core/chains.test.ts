import { describe, expect, it } from 'vitest'
import { chainHexIds, chainNames, checkChain, createClient, getChainInfo, InvalidParameterError, isChainName } from '../../src/exports/index.js'

describe('the 13 chains of the spec', () => {
  it('pairs names and hex ids in the spec order', () => {
    expect(chainNames).toEqual(['eth', 'polygon', 'bsc', 'avalanche', 'fantom', 'palm', 'cronos', 'arbitrum', 'gnosis', 'chiliz', 'base', 'optimism', 'linea'])
    expect(chainHexIds).toEqual(['0x1', '0x89', '0x38', '0xa86a', '0xfa', '0x2a15c308d', '0x19', '0xa4b1', '0x64', '0x15b38', '0x2105', '0xa', '0xe705'])
  })

  it.each(chainNames.slice(0, 12).map((name, i) => [name, chainHexIds[i]!] as const))('%s and %s resolve to the same metadata', (name, hex) => {
    const byName = getChainInfo(name)!
    const byHex = getChainInfo(hex)!
    expect(byName.chainId).toBe(Number.parseInt(hex, 16))
    expect(byHex).toEqual(byName)
    expect(byName.name).toBe(name)
    expect(byName.nativeCurrency.decimals).toBe(18)
    expect(byName.explorerUrl).toMatch(/^https:\/\//)
  })

  it('knows the native currencies a feed shows', () => {
    const symbols = Object.fromEntries(chainNames.map((n) => [n, getChainInfo(n)!.nativeCurrency.symbol]))
    expect(symbols).toMatchObject({ eth: 'ETH', bsc: 'BNB', avalanche: 'AVAX', fantom: 'FTM', cronos: 'CRO', gnosis: 'XDAI', chiliz: 'CHZ', base: 'ETH', optimism: 'ETH', arbitrum: 'ETH', linea: 'ETH' })
    expect(getChainInfo('eth')!.explorerUrl).toBe('https://etherscan.io')
  })

  it('linea: the name means Linea mainnet (59144); the spec id 0xe705 resolves to Linea Sepolia (59141) by its true id', () => {
    const mainnet = getChainInfo('linea')!
    expect(mainnet.chainId).toBe(59144)
    expect(mainnet.label).toBe('Linea Mainnet')
    const sepolia = getChainInfo('0xe705')!
    expect(sepolia.chainId).toBe(59141)
    expect(sepolia.label).toMatch(/Sepolia/)
    expect(sepolia.name).toBe('linea')
    expect(sepolia.explorerUrl).not.toBe(mainnet.explorerUrl)
    expect(getChainInfo('0xe708')!.chainId).toBe(59144)
    expect(getChainInfo(59141)!.chainId).toBe(59141)
  })

  it('knows anvil (31337) for local work and nothing it was not told about', () => {
    expect(getChainInfo('0x7a69')).toMatchObject({ chainId: 31337, name: undefined })
    expect(getChainInfo('ethereum')).toBeUndefined()
    expect(getChainInfo('0xzz')).toBeUndefined()
    expect(getChainInfo(undefined)).toBeUndefined()
  })

  it('checkChain returns the chain exactly as given and names the parameter when refusing', () => {
    expect(checkChain('0xA4B1')).toBe('0xA4B1')
    expect(checkChain('0x7a69', ['0x7A69'])).toBe('0x7a69')
    expect(isChainName('eth')).toBe(true)
    expect(isChainName('ETH')).toBe(false)
    for (const bad of ['ETH', 'mainnet', '0x7a69', '', 1, null]) {
      expect(() => checkChain(bad)).toThrow(InvalidParameterError)
    }
    try {
      checkChain('solana', [], 'defaultChain')
    } catch (e) {
      expect(e).toMatchObject({ parameter: 'defaultChain' })
      expect((e as Error).message).toContain('solana')
    }
  })

  it('client.chainInfo reads the default chain', () => {
    expect(createClient({ baseUrl: 'https://x.test', chain: 'polygon' }).chainInfo()!.chainId).toBe(137)
    expect(createClient({ baseUrl: 'https://x.test' }).chainInfo('0x2105')!.label).toBe('Base')
    expect(createClient({ baseUrl: 'https://x.test', chain: '0x7a69', extraChains: ['0x7a69'] }).chainInfo()!.chainId).toBe(31337)
  })
})

describe('chain text naming Object.prototype members', () => {
  const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']

  it.each(names)('%j is no chain: refused by name, no metadata, not a spec name', (name) => {
    expect(isChainName(name)).toBe(false)
    expect(getChainInfo(name)).toBeUndefined()
    expect(() => checkChain(name)).toThrow(InvalidParameterError)
    expect(createClient({ baseUrl: 'https://x.test' }).chainInfo(name)).toBeUndefined()
  })
})
