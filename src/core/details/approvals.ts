import { encodeFunctionData, erc20Abi, erc721Abi, getAddress, isAddress, maxUint256, type Address, type Hex } from 'viem'
import { InvalidParameterError } from '../errors.js'
import type { TransactionEntry } from '../history/schema.js'
import { clip } from '../text.js'

export type ApprovalKind = 'approval' | 'revoke' | 'approval_for_all' | 'revoke_all'

export interface Approval {
  kind: ApprovalKind
  /** The token (or collection) contract. */
  token: Address
  tokenSymbol: string | null
  tokenName: string | null
  tokenDecimals: number | null
  spender: Address
  spenderLabel: string | null
  /** Smallest units as given by the service; null for the `*_all` kinds. */
  amount: bigint | null
  /** Max uint256 (or a set-approval-for-all): the spender may take everything. */
  unlimited: boolean
}

const lists: readonly [string, ApprovalKind][] = [
  ['approvals', 'approval'],
  ['revokes', 'revoke'],
  ['set_approvals_all', 'approval_for_all'],
  ['set_revokes_all', 'revoke_all'],
]

function own(o: unknown, key: string): unknown {
  return o !== null && typeof o === 'object' && Object.hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined
}
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)
const addr = (v: unknown): Address | null => (typeof v === 'string' && isAddress(v, { strict: false }) ? getAddress(v) : null)

/**
 * The approvals a history entry made or removed, from its `contract_interactions` object
 * (`approvals`, `revokes`, `set_approvals_all`, `set_revokes_all`); items it cannot read
 * (no token or spender address) are left out. Empty for an entry without the object.
 */
export function readApprovals(entry: Pick<TransactionEntry, 'category'> & Record<string, unknown>): Approval[] {
  const interactions = own(entry, 'contract_interactions')
  const out: Approval[] = []
  for (const [key, kind] of lists) {
    const items = own(interactions, key)
    if (!Array.isArray(items)) continue
    for (const item of items) {
      const token = own(item, 'token')
      const spender = own(item, 'spender')
      const tokenAddress = addr(own(token, 'address'))
      const spenderAddress = addr(own(spender, 'address'))
      if (!tokenAddress || !spenderAddress) continue
      const rawValue = own(item, 'value')
      const amount = typeof rawValue === 'string' && /^\d+$/.test(rawValue) ? BigInt(rawValue) : null
      const decimals = own(token, 'token_decimals')
      const d = typeof decimals === 'number' ? decimals : typeof decimals === 'string' && /^\d+$/.test(decimals) ? Number(decimals) : null
      const forAll = kind === 'approval_for_all' || kind === 'revoke_all'
      out.push({
        kind,
        token: tokenAddress,
        tokenSymbol: str(own(token, 'token_symbol')),
        tokenName: str(own(token, 'token_name')),
        tokenDecimals: d !== null && d <= 255 ? d : null,
        spender: spenderAddress,
        spenderLabel: str(own(spender, 'address_label')),
        amount: forAll ? null : kind === 'revoke' ? (amount ?? 0n) : amount,
        unlimited: kind === 'approval_for_all' || (kind === 'approval' && amount === maxUint256),
      })
    }
  }
  return out
}

/** A transaction request for the app's wallet to sign: blockfeed never holds keys. */
export interface RevokeRequest {
  to: Address
  data: Hex
  value: 0n
}

/**
 * The request that removes an approval: ERC-20 `approve(spender, 0)`, or for an
 * approval-for-all `setApprovalForAll(operator, false)`.
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
