// The connectors @wagmi/core ships itself; wallet SDK connectors are not part of the lowest-version tests.
export { injected, mock } from '@wagmi/core'
