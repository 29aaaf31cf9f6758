import { useMemo, useSyncExternalStore } from 'react'
import { useConfig, type Config } from 'wagmi'

/** The connected account and chain as wagmi's config holds them (the same in wagmi 2 and 3). */
export interface WagmiConnection {
  status: 'connected' | 'connecting' | 'reconnecting' | 'disconnected'
  address: string | undefined
  chainId: number | undefined
  connector: unknown
}

type ConfigState = Config['state']

/** The current connection from wagmi's config state. */
export function connectionOf(state: ConfigState): WagmiConnection {
  const connection = state.current ? state.connections.get(state.current) : undefined
  return {
    status: state.status,
    address: connection?.accounts[0],
    chainId: connection?.chainId ?? state.chainId,
    connector: connection?.connector,
  }
}

/** wagmi's connection, live: read from the config's store, so it works under wagmi 2 and 3 alike. */
export function useWagmiConnection(): WagmiConnection & { config: Config } {
  const config = useConfig()
  const state = useSyncExternalStore(
    (listener) => config.subscribe((s) => s, listener),
    () => config.state,
    () => config.state,
  )
  return useMemo(() => ({ ...connectionOf(state), config }), [state, config])
}
