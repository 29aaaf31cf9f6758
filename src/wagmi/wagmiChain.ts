import { numberToHex } from 'viem'
import { checkChain } from '../core/chains.js'
import { InvalidParameterError } from '../core/errors.js'

/**
 * The chain of a wagmi chain id (a number): its hex id, one of the spec's 13 or one the client
 * lists in `extraChains` (by hex id). Anything else is a typed `InvalidParameterError` naming it.
 */
export function chainOfWagmiId(chainId: unknown, extraChains: readonly string[] = [], parameter = 'chainId'): string {
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new InvalidParameterError(parameter, `expected wagmi's chain id (a positive whole number), got ${String(chainId)}`)
  }
  const hex = numberToHex(chainId)
  try {
    return checkChain(hex, extraChains, parameter)
  } catch {
    throw new InvalidParameterError(parameter, `wagmi's chain ${chainId} (${hex}) is not one the service serves: add "${hex}" to the client's extraChains if it is`)
  }
}
