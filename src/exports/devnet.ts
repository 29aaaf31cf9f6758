// blockfeed/devnet: a local chain serving the wallet-history API and JSON-RPC (Node only).
export { startDevnet } from '../devnet/startDevnet.js'
export type { Devnet, DevnetClientOptions, StartDevnetOptions } from '../devnet/startDevnet.js'
export type { DevnetWallet } from '../devnet/wallets.js'
export type { SeededContracts } from '../devnet/seed.js'
export { devnetWallets } from '../devnet/wallets.js'
export { devnetNames } from '../devnet/seed.js'
export { findAnvil } from '../devnet/anvil.js'
export { DEFAULT_LIMIT, MAX_LIMIT } from '../devnet/history.js'
