import { decodeFunctionResult, encodeFunctionData, erc1155Abi, erc20Abi, erc721Abi, type Hex } from 'viem'
import type { NodeRequest } from './node.js'

/** Token data read from a contract, as the history shows it. */
export interface TokenInfo { name: string | null; symbol: string | null; decimals: number | null; possibleSpam: boolean }

// Names and symbols that look like a lure: a link, a domain, or a call to claim.
const SPAM = /https?:|www\.|\.(com|io|xyz|org|net|app|example)\b|claim|reward|airdrop|visit/i

/** Reads name, symbol and decimals once per contract, and token URIs on demand. */
export class TokenReader {
  private readonly tokens = new Map<string, Promise<TokenInfo>>()

  constructor(private readonly request: NodeRequest) {}

  clear(): void {
    this.tokens.clear()
  }

  /** The token data of a contract (lowercase address), read once and then remembered. */
  info(address: string): Promise<TokenInfo> {
    let info = this.tokens.get(address)
    if (!info) {
      info = this.read(address)
      this.tokens.set(address, info)
    }
    return info
  }

  private async read(address: string): Promise<TokenInfo> {
    const read = async (functionName: 'name' | 'symbol' | 'decimals') => {
      try {
        const data = (await this.request('eth_call', [{ to: address, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, 'latest'])) as Hex
        return decodeFunctionResult({ abi: erc20Abi, functionName, data }) as string | number
      } catch {
        return null
      }
    }
    const [name, symbol, decimals] = await Promise.all([read('name'), read('symbol'), read('decimals')])
    const info = {
      name: typeof name === 'string' ? name : null,
      symbol: typeof symbol === 'string' ? symbol : null,
      // uint8 by the standard; anything else (a contract may answer 2^40) would make formatting run out of memory.
      decimals: typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 && decimals <= 255 ? decimals : null,
    }
    return { ...info, possibleSpam: SPAM.test(`${info.name ?? ''} ${info.symbol ?? ''}`) }
  }

  /** `tokenURI(id)` (ERC-721) or `uri(id)` (ERC-1155) of a collection, with `{id}` filled in; null when it has none. */
  async uri(address: string, tokenId: string, contractType: string): Promise<string | null> {
    try {
      const id = BigInt(tokenId)
      const uri =
        contractType === 'ERC1155'
          ? decodeFunctionResult({ abi: erc1155Abi, functionName: 'uri', data: await this.call(address, encodeFunctionData({ abi: erc1155Abi, functionName: 'uri', args: [id] })) })
          : decodeFunctionResult({ abi: erc721Abi, functionName: 'tokenURI', data: await this.call(address, encodeFunctionData({ abi: erc721Abi, functionName: 'tokenURI', args: [id] })) })
      // ERC-1155's substitution: the id as 64 lowercase hex digits.
      return uri.replaceAll('{id}', id.toString(16).padStart(64, '0'))
    } catch {
      return null
    }
  }

  private call(to: string, data: Hex): Promise<Hex> {
    return this.request('eth_call', [{ to, data }, 'latest']) as Promise<Hex>
  }
}

/** The JSON of a `data:` URI (base64 or plain), or null for anything else (the devnet fetches nothing). */
export function readDataUri(uri: string | null): string | null {
  if (!uri) return null
  const m = /^data:application\/json(;[^,]*)?,(.*)$/s.exec(uri)
  if (!m) return null
  try {
    const body = m[2]!
    const text = m[1]?.includes('base64') ? Buffer.from(body, 'base64').toString('utf8') : body.includes('%') ? decodeURIComponent(body) : body
    JSON.parse(text)
    return text
  } catch {
    return null
  }
}
