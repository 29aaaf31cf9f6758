import { numberToHex } from 'viem'
import { checkChain } from '../core/chains.js'
import { InvalidParameterError } from '../core/errors.js'

/**
 * Turns a wagmi chain id (a number) into the chain blockfeed reads: its hex id, one of the spec's 13
 * or one the client lists in `extraChains`.
 *
 * @param chainId - wagmi's chain id, e.g. `useChainId()`.
 * @param extraChains - The client's `extraChains` (hex ids served beyond the spec's 13).
 * @param parameter - The name the error gives the value.
 * @returns The hex chain id, e.g. `'0x89'` for 137.
 * @throws {@link InvalidParameterError} When `chainId` is not a positive whole number, or a chain the service does not serve.
 * @example
 * ```ts
 * import { chainOfWagmiId } from 'blockfeed/wagmi'
 *
 * console.log(chainOfWagmiId(137)) // '0x89'
 * console.log(chainOfWagmiId(31337, ['0x7a69'])) // '0x7a69' (a devnet)
 * ```
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
