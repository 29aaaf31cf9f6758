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

/** How `startDevnet` starts: its port, the node to start or attach to, the scenario, a key. */
export interface StartDevnetOptions {
  /** Port of the devnet's HTTP server; 0 lets the OS pick a free one. @defaultValue `0` */
  port?: number | undefined
  /** Interface to listen on (the default is this machine only). @defaultValue `'127.0.0.1'` */
  host?: string | undefined
  /** Attach to this running node instead of starting anvil. */
  rpcUrl?: string | undefined
  /** Seed the scenario: tokens, collections, names and alice's history. @defaultValue `true` */
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
  /** How often the indexer asks the node for new blocks, in milliseconds. @defaultValue `250` */
  pollIntervalMs?: number | undefined
  /** Where the indexer reports errors while following the chain. @defaultValue `console.error` */
  onError?: ((error: unknown) => void) | undefined
}

/**
 * The options to pass to `createClient` for this devnet: plain JSON, the same that `GET /config`
 * serves and the CLI prints, so a browser app gets them too.
 */
export interface DevnetClientOptions extends ClientConfig {
  /** The devnet's URL: its wallet-history API. */
  baseUrl: string
  /** The devnet's JSON-RPC endpoint. */
  rpc: { url: string }
  /** The devnet's chain, e.g. `0x7a69`: the client's default. */
  chain: string
  /** The devnet's chain again: the client knows only the spec's 13 chains and accepts this one as an extra. */
  extraChains: readonly string[]
  /** The key the devnet requires, when started with one. */
  apiKey?: string | undefined
}

/** A running devnet: where it serves, its wallets and contracts, the options for `createClient`, and `stop`. */
export interface Devnet {
  /** The base URL of the wallet-history API: pass it as `baseUrl` to `createClient`. */
  url: string
  /** The devnet's JSON-RPC endpoint (the spec's 28 methods only). */
  rpcUrl: string
  /** The node itself (all methods), started or attached to. */
  nodeUrl: string
  /** The node's chain id, e.g. 31337. */
  chainId: number
  /** The chain as `createClient` and the API take it, e.g. `0x7a69`. */
  chain: string
  /** The devnet's wallets (the same as `devnetWallets`). */
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

/** The `createClient` options of a devnet at `url`: plain JSON, so a browser app can fetch them from `GET /config`. */
function clientOptionsOf(url: string, chain: string, apiKey: string | undefined, contracts: SeededContracts | undefined): DevnetClientOptions {
  return {
    baseUrl: url,
    rpc: { url: `${url}/rpc` },
    chain,
    // The client knows only the spec's 13 chains; this one is accepted as an extra.
    extraChains: [chain],
    ...(apiKey === undefined ? {} : { apiKey }),
    // Names (alice.eth…) resolve through the devnet's own registry.
    ...(contracts ? { ensUniversalResolver: contracts.universalResolver } : {}),
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

/**
 * Starts a local chain with a seeded history and serves it as the wallet-history API and JSON-RPC, so
 * you can build and test your app's feed with no hosted service.
 *
 * It starts anvil (or attaches to `rpcUrl`), seeds the scenario (alice has every kind of activity),
 * indexes every block as it comes and serves, on `url`: `GET /api/v2.2/wallets/{address}/history`,
 * `POST /rpc` (the spec's 28 methods) and `GET /config` (the options for `createClient`, as JSON).
 * Browser apps on localhost may call it (CORS). The CLI `npx blockfeed devnet` runs the same.
 *
 * @param options - Port, host, the node to attach to, seeding, a key, the block time and the chain id.
 * @returns The running devnet: its URLs, wallets, contracts, `clientOptions` and `stop()`.
 * @throws {@link InvalidParameterError} Naming `anvilPath` when anvil is not found, or `blockTime` / `chainId` when they do not apply or are out of range.
 * @remarks One anvil process per devnet (none when attached); the indexer polls the node every `pollIntervalMs`.
 * @example
 * ```ts
 * import { createClient } from 'blockfeed'
 * import { startDevnet } from 'blockfeed/devnet'
 *
 * const devnet = await startDevnet({ port: 8580 })
 * const client = createClient(devnet.clientOptions)
 * const alice = devnet.wallets.find((w) => w.name === 'alice')!
 * const page = await client.getWalletHistory({ address: alice.address, limit: 10 })
 * await devnet.stop()
 * ```
 */
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
    let clientOptions: DevnetClientOptions | undefined
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
      config: () => clientOptions!,
    })
    url = await listen(server, options.port ?? 0, host)
    clientOptions = clientOptionsOf(url, chain, options.apiKey, contracts)

    let stopping: Promise<void> | undefined
    const ix = indexer
    return {
      url,
      rpcUrl: `${url}/rpc`,
      nodeUrl,
      chainId,
      chain,
      wallets: devnetWallets,
      clientOptions,
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
