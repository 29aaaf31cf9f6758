'use client'
// blockfeed/wagmi: the bridge to wagmi (2.x or 3.x, an optional peer). Nothing here reaches the other entries.
export { useTrackWagmiTransactions } from '../wagmi/useTrackWagmiTransactions.js'
export type { UseTrackWagmiTransactionsOptions } from '../wagmi/useTrackWagmiTransactions.js'
export { ConnectedWalletActivityFeed } from '../wagmi/ConnectedWalletActivityFeed.js'
export type { ConnectedWalletActivityFeedProps } from '../wagmi/ConnectedWalletActivityFeed.js'
export { chainOfWagmiId } from '../wagmi/wagmiChain.js'
