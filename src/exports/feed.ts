'use client'
// blockfeed/feed: the drop-in feed and its provider, and nothing else (client components). The same
// names as blockfeed/components and blockfeed/react; this narrow entry reaches no other module, so
// every bundler (esbuild's code splitting too) loads with the page only what the feed draws first.
export { WalletActivityFeed } from '../components/WalletActivityFeed/WalletActivityFeed.js'
export type { WalletActivityFeedProps } from '../components/WalletActivityFeed/WalletActivityFeed.js'
export { BlockfeedProvider } from '../react/BlockfeedProvider.js'
export type { BlockfeedProviderProps } from '../react/BlockfeedProvider.js'
