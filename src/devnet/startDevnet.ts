import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hexToNumber, type Hex } from 'viem'
import type { ClientConfig } from '../core/client.js'
import { InvalidParameterError } from '../core/errors.js'
import { checkChainId, launchAnvil, type AnvilProcess } from './anvil.js'
import { DEFAULT_LIMIT, MAX_LIMIT, chainAliases } from './history.js'
import { Indexer } from './indexer.js'
import { createNodeRequest } from './node.js'
import { seedLabels, seedScenario, type SeededContracts } from './seed.js'
import { createDevnetServer } from './server.js'
import { devnetWallets, type DevnetWallet } from './wallets.js'

export interface StartDevnetOptions {
  /** Port of the devnet's HTTP server; 0 (the default) lets the OS pick a free one. */
  port?: number | undefined
  /** Interface to listen on. Default 127.0.0.1 (this machine only). */
  host?: string | undefined
  /** Attach to this running node instead of starting anvil. */
  rpcUrl?: string | undefined
  /** Seed the scenario (default true). */
  seed?: boolean | undefined
  /** Require this key in `X-API-Key` on every request. */
  apiKey?: string | undefined
  /** Whole seconds between blocks of a started anvil (after seeding); left out, one block per transaction. */
  blockTime?: number | undefined
  /**
   * The chain id of a started anvil (default 31337): two devnets with different ids make a
   * two-chain setup (e.g. for a merged feed). Not for an attached node, whose id is its own.
   */
  chainId?: number | undefined
  /** The anvil binary; found through ANVIL_PATH, PATH or @foundry-rs/anvil-<platform> when left out. */
  anvilPath?: string | undefined
  /** How often the indexer asks the node for new blocks. Default 250 ms. */
  pollIntervalMs?: number | undefined
  /** Where the indexer reports errors while following the chain. Default: console.error. */
  onError?: ((error: unknown) => void) | undefined
}

/** A ready `createClient` config for this devnet: its history URL, RPC URL, chain (accepted as an extra chain) and key. */
export interface DevnetClientOptions extends ClientConfig {
  baseUrl: string
  rpc: { url: string }
  chain: string
  extraChains: readonly string[]
  apiKey?: string | undefined
}

export interface Devnet {
  /** The base URL of the wallet-history API: pass it as `baseUrl` to `createClient`. */
  url: string
  /** The devnet's JSON-RPC endpoint (the spec's 28 methods only). */
  rpcUrl: string
  /** The node itself (all methods), started or attached to. */
  nodeUrl: string
  chainId: number
  /** The chain as `createClient` and the API take it, e.g. `0x7a69`. */
  chain: string
  wallets: readonly DevnetWallet[]
  /** Pass it to `createClient` (spread it to add your own settings): history and RPC of this devnet, its chain the default. */
  clientOptions: DevnetClientOptions
  /** Seeded contracts; undefined with `seed: false`. */
  contracts: SeededContracts | undefined
  /** Blocks and transactions indexed so far. */
  stats: () => { blocks: number; transactions: number; head: number }
  /** Stops the server, the indexer and the anvil it started (never an attached node). */
  stop: () => Promise<void>
}

/** Options that only a started anvil takes, and their ranges: a typed error names the wrong one. */
function checkDevnetOptions(options: StartDevnetOptions): void {
  if (options.blockTime !== undefined && (options.rpcUrl || !Number.isInteger(options.blockTime) || options.blockTime < 1)) {
    throw new InvalidParameterError('blockTime', options.rpcUrl ? 'applies to a started anvil, not to an attached node' : 'expected whole seconds, at least 1')
  }
  if (options.chainId !== undefined) {
    if (options.rpcUrl) throw new InvalidParameterError('chainId', 'applies to a started anvil; an attached node keeps its own chain id')
    checkChainId(options.chainId)
  }
}

/** Listens on `port` (0: a free one) and gives the server's URL, with a reachable host for a wildcard address. */
async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const bound = (server.address() as AddressInfo).port
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  return `http://${urlHost}:${bound}`
}

/** Starts (or attaches to) a local chain, seeds it, indexes it and serves the wallet-history API and JSON-RPC. */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const host = options.host ?? '127.0.0.1'
  let anvil: AnvilProcess | undefined
  let indexer: Indexer | undefined
  try {
    checkDevnetOptions(options)
    if (!options.rpcUrl) anvil = await launchAnvil({ anvilPath: options.anvilPath, chainId: options.chainId })
    const nodeUrl = options.rpcUrl ?? anvil!.rpcUrl
    const request = createNodeRequest(nodeUrl)
    const chainId = hexToNumber((await request('eth_chainId')) as Hex)
    const contracts = options.seed === false ? undefined : await seedScenario(nodeUrl, chainId)
    // Seeded a block per transaction, in a moment; from now on blocks come at the interval asked for.
    if (options.blockTime !== undefined) await request('evm_setIntervalMining', [options.blockTime])
    indexer = new Indexer(request, { onError: options.onError ?? ((e) => console.error('blockfeed devnet: indexing failed:', e)) })
    await indexer.sync()
    indexer.follow(options.pollIntervalMs ?? 250)

    const chain = chainAliases(chainId)[0]!
    let url = ''
    const server = createDevnetServer({
      indexer,
      nodeUrl,
      chainId,
      apiKey: options.apiKey,
      labels: seedLabels(contracts),
      about: () => ({
        name: 'blockfeed devnet',
        history: `${url}/api/v2.2/wallets/{address}/history`,
        rpc: `${url}/rpc`,
        chain,
        chain_id: String(chainId),
        limit: { default: DEFAULT_LIMIT, max: MAX_LIMIT },
        indexed: indexer!.stats,
        wallets: devnetWallets.map(({ name, role, address }) => ({ name, role, address })),
        contracts: contracts ?? null,
      }),
    })
    url = await listen(server, options.port ?? 0, host)

    let stopping: Promise<void> | undefined
    const ix = indexer
    return {
      url,
      rpcUrl: `${url}/rpc`,
      nodeUrl,
      chainId,
      chain,
      wallets: devnetWallets,
      clientOptions: {
        baseUrl: url,
        rpc: { url: `${url}/rpc` },
        chain,
        // The client knows only the spec's 13 chains; this one is accepted as an extra.
        extraChains: [chain],
        ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
        // Names (alice.eth…) resolve through the devnet's own registry.
        ...(contracts ? { ensUniversalResolver: contracts.universalResolver } : {}),
      },
      contracts,
      stats: () => ix.stats,
      stop: () =>
        (stopping ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve())
            server.closeAllConnections()
          })
          await ix.stop()
          await anvil?.stop()
        })()),
    }
  } catch (error) {
    await indexer?.stop()
    await anvil?.stop()
    throw error
  }
}
