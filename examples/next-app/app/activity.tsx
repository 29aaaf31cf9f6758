'use client'
import { WalletActivityFeed } from 'blockfeed/components'

export function Activity({ address, chain }: { address: string; chain: string }) {
  return <WalletActivityFeed address={address} chain={chain} />
}
