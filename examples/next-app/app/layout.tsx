import 'blockfeed/styles.css'
import type { ReactNode } from 'react'
import { extraChains, feedChain } from '../lib/blockfeed-server'
import { Providers } from './providers'

export const metadata = { title: 'blockfeed on Next.js' }

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers chain={feedChain} extraChains={extraChains}>{children}</Providers>
      </body>
    </html>
  )
}
