import { createClient, type BlockfeedClient, type ClientConfig } from '../../src/exports/index.js'
import { MOCK_BASE_URL, MOCK_RPC_URL } from '../handlers.js'

/**
 * Where the stories get their data: the offline fixtures (MSW, the default), a live
 * service entered by the user, or the local devnet. Live and devnet settings are kept in
 * sessionStorage only (gone when the tab closes), never in the URL or in localStorage.
 */
export type DataSourceMode = 'mock' | 'live' | 'devnet'

export interface DataSourceSettings {
  baseUrl: string
  /** Sent as X-API-Key. In a browser: local development only. */
  apiKey: string
  /** JSON-RPC endpoint; empty leaves the RPC stories without a node. */
  rpcUrl: string
  /** Chain to ask for (overrides the story's chain when set), e.g. `0x7a69` for the devnet. */
  chain: string
  /** Wallet to show (overrides the story's fixture wallet when set). */
  wallet: string
}

/** `npx blockfeed devnet` on its default port 8580; alice is the wallet with every kind of activity. */
export const DEVNET_PRESET: DataSourceSettings = {
  baseUrl: 'http://127.0.0.1:8580',
  apiKey: '',
  rpcUrl: 'http://127.0.0.1:8580/rpc',
  chain: '0x7a69',
  wallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
}

const EMPTY: DataSourceSettings = { baseUrl: '', apiKey: '', rpcUrl: '', chain: '', wallet: '' }
const storageKey = (mode: DataSourceMode) => `blockfeed.storybook.${mode}`

export function readSettings(mode: Exclude<DataSourceMode, 'mock'>): DataSourceSettings {
  const fallback = mode === 'devnet' ? DEVNET_PRESET : EMPTY
  try {
    const text = globalThis.sessionStorage?.getItem(storageKey(mode))
    return text ? { ...fallback, ...(JSON.parse(text) as Partial<DataSourceSettings>) } : fallback
  } catch {
    return fallback
  }
}

export function saveSettings(mode: Exclude<DataSourceMode, 'mock'>, settings: DataSourceSettings | undefined): void {
  if (settings) globalThis.sessionStorage?.setItem(storageKey(mode), JSON.stringify(settings))
  else globalThis.sessionStorage?.removeItem(storageKey(mode))
}

/** The offline client: the real fetch core, talking HTTP to the MSW handlers. */
export function createMockClient(overrides: Partial<ClientConfig> = {}): BlockfeedClient {
  return createClient({
    baseUrl: MOCK_BASE_URL,
    rpc: (chain) => `${MOCK_RPC_URL}/${chain}`,
    chain: 'eth',
    // Stories show failures at once; a story that demonstrates the retry layer turns it on.
    retry: false,
    ...overrides,
  })
}

/** A client for entered settings, or the reason there is none yet. */
export function createSettingsClient(settings: DataSourceSettings, overrides: Partial<ClientConfig> = {}): BlockfeedClient | Error {
  if (!settings.baseUrl) return new Error('Enter the service base URL to load the stories from it.')
  try {
    const chain = settings.chain || undefined
    return createClient({
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey || undefined,
      rpc: settings.rpcUrl ? { url: settings.rpcUrl } : undefined,
      chain,
      extraChains: chain ? [chain] : [],
      ...overrides,
    })
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error))
  }
}
