import { useEffect } from 'react'
import { useBlockfeedQueryContext } from './useBlockfeedClient.js'

/**
 * While `on`, follows `chain`'s head with the shared block-number poller (new blocks refresh the
 * head-following reads). The poller's code loads with the first watcher, not with the page:
 * most reads never watch.
 */
export function useBlockNumberWatch(on: boolean, chain: string | undefined): void {
  const { client, queryClient, pollingIntervalMs } = useBlockfeedQueryContext()
  useEffect(() => {
    if (!on) return
    let release: (() => void) | undefined
    let gone = false
    void import('../core/query/blockNumberPoller.js').then((m) => {
      if (!gone) release = m.watchBlockNumber(client, queryClient, chain, pollingIntervalMs)
    })
    return () => {
      gone = true
      release?.()
    }
  }, [on, client, queryClient, chain, pollingIntervalMs])
}
