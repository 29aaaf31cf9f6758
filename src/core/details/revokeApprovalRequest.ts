import { encodeFunctionData, erc20Abi, erc721Abi, getAddress, isAddress } from 'viem'
import { InvalidParameterError } from '../errors.js'
import { clip } from '../text.js'
import type { Approval, RevokeRequest } from './approvalsFromLogs.js'
import type { ApprovalKind } from './types.js'

// The transaction that removes an approval, for the user's wallet to send.

/**
 * Builds the transaction that removes an approval, for your user's wallet to send: ERC-20
 * `approve(spender, 0)`, or for an approval-for-all `setApprovalForAll(operator, false)`.
 *
 * @param approval - The token and spender, and the kind (`approval_for_all` revokes an operator).
 * @returns `{ to, data, value: 0n }`, ready for viem's or wagmi's `sendTransaction`.
 * @throws {@link InvalidParameterError} When the token or spender is not an address.
 * @remarks No request: the calldata is encoded locally.
 * @example
 * ```ts
 * import { revokeApprovalRequest } from 'blockfeed'
 *
 * const request = revokeApprovalRequest({
 *   token: '0x00000000000000000000000000000000000000a1',
 *   spender: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
 *   kind: 'approval',
 * })
 * console.log(request.to, request.data)
 * ```
 */
export function revokeApprovalRequest(approval: Pick<Approval, 'token' | 'spender'> & { kind?: ApprovalKind }): RevokeRequest {
  const token = approval?.token
  const spender = approval?.spender
  if (typeof token !== 'string' || !isAddress(token, { strict: false })) throw new InvalidParameterError('token', `expected a contract address, got ${clip(String(token))}`)
  if (typeof spender !== 'string' || !isAddress(spender, { strict: false })) throw new InvalidParameterError('spender', `expected an address, got ${clip(String(spender))}`)
  const data =
    approval.kind === 'approval_for_all'
      ? encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [getAddress(spender), false] })
      : encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [getAddress(spender), 0n] })
  return { to: getAddress(token), data, value: 0n }
}
