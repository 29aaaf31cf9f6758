import { feedChain } from '../../lib/blockfeed-server'
import { SendOnDevnet } from './send-on-devnet'

export const metadata = { title: 'Send a devnet transaction' }
// Rendered per request: the chain is the server's BLOCKFEED_CHAIN when it runs, not when `next build` ran.
export const dynamic = 'force-dynamic'

export default function SendPage() {
  return (
    <main>
      <h1>Send a transaction and watch it</h1>
      <SendOnDevnet chain={feedChain} />
    </main>
  )
}
