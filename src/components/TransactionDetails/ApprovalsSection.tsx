import type { ReactNode } from 'react'
import { formatUnits } from 'viem'
import { listsApprovals } from '../../core/details/approvalHints.js'
import { approvalsOf, approvalStatus, currentOf, isRevocable, isUnlimitedAmount, revokeApprovalRequest, type Approval } from '../../core/details/approvals.js'
import type { ApprovalStates } from '../../core/details/approvalStates.js'
import type { TransactionDetails as Details } from '../../core/details/getTransactionDetails.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { ClippedText } from '../shared/ClippedText.js'
import { formatDecimal } from '../shared/format.js'
import type { tokensOf } from './eventLines.js'
import type { TransactionDetailsProps } from './TransactionDetails.js'

export interface ApprovalsSectionProps extends Pick<TransactionDetailsProps, 'wallet' | 'approvalStates' | 'onRevoke' | 'locale'> {
  entry: TransactionEntry | undefined
  details: Details
  address: (a: string, label?: string | null) => ReactNode
  tokens: TokenMap
}

/** The details' approvals: what the transaction granted or removed, what is left now, and "Revoke". A chunk of its own. */
export default function ApprovalsSection({ entry, details, wallet, approvalStates, onRevoke, address, locale, tokens }: ApprovalsSectionProps) {
  const approvals = approvalsOf(entry as never, details, wallet)
  if (approvals.length === 0) {
    // The service may list what the call meant to approve; a reverted call approved nothing.
    return details.status === 'reverted' && listsApprovals(entry) ? (
      <section className="bf-details__section" aria-label="Approvals">
        <h4 className="bf-details__heading">Approvals</h4>
        <p className="bf-details__muted">None took effect: the transaction failed.</p>
      </section>
    ) : null
  }
  return (
    <section className="bf-details__section" aria-label="Approvals">
      <h4 className="bf-details__heading">Approvals</h4>
      <ul className="bf-details__lines">
        {approvals.map((a, i) => (
          <li key={`${a.kind}-${a.token}-${a.spender}-${i}`} data-kind={a.kind}>
            <ApprovalLine approval={a} address={address} locale={locale} tokens={tokens} tokenLabel={a.token.toLowerCase() === entry?.to_address?.toLowerCase() ? entry?.to_address_label : null} />
            <ApprovalState approval={a} states={approvalStates} tokens={tokens} locale={locale} />
            {onRevoke && isRevocable(a, currentOf(approvalStates, a)) ? (
              <button type="button" className="bf-button bf-button--quiet bf-details__revoke" onClick={() => onRevoke(revokeApprovalRequest(a), a)}>
                Revoke
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

type TokenMap = ReturnType<typeof tokensOf>

function ApprovalLine({ approval: a, address, locale, tokens, tokenLabel }: { approval: Approval; address: (a: string, label?: string | null) => ReactNode; locale: string | undefined; tokens: TokenMap; tokenLabel: string | null | undefined }) {
  const symbol = a.tokenSymbol ?? tokens.get(a.token.toLowerCase())?.symbol
  const token = symbol ? <ClippedText text={symbol} max={16} /> : address(a.token, tokenLabel)
  const amount =
    a.unlimited ? 'unlimited' : a.amount !== null && a.tokenDecimals !== null ? formatDecimal(formatUnits(a.amount, a.tokenDecimals), locale) : a.amount?.toString()
  switch (a.kind) {
    case 'approval':
      return <span>{address(a.spender, a.spenderLabel)}{` may spend ${amount ?? 'some'} `}{token}</span>
    case 'revoke':
      return <span>{address(a.spender, a.spenderLabel)}{' may no longer spend '}{token}</span>
    case 'approval_for_all':
      return <span>{address(a.spender, a.spenderLabel)}{' may move every item of '}{token}</span>
    case 'revoke_all':
      return <span>{address(a.spender, a.spenderLabel)}{' may no longer move items of '}{token}</span>
  }
}

/** What the node says now about an approval, next to what the transaction did. */
function ApprovalState({ approval: a, states, tokens, locale }: { approval: Approval; states: ApprovalStates | null | undefined; tokens: TokenMap; locale: string | undefined }) {
  const current = states === null ? null : currentOf(states, a)
  if (current === undefined) return null
  const status = approvalStatus(a, current)
  const granting = !a.kind.startsWith('revoke')
  const decimals = a.tokenDecimals ?? tokens.get(a.token.toLowerCase())?.decimals ?? null
  const remaining = status.state === 'changed' ? status.remaining : false
  const amount = typeof remaining !== 'bigint' ? '' : isUnlimitedAmount(remaining) ? 'unlimited' : decimals !== null ? formatDecimal(formatUnits(remaining, decimals), locale) : `${remaining} units`
  const text =
    status.state === 'inactive' ? 'no longer active'
    : !granting ? (remaining !== false ? `approved again since${amount && ` (${amount})`}` : null)
    : status.state === 'unknown' ? 'could not check whether it is still active'
    : status.state === 'active' ? 'still active'
    : `now ${amount} remaining`
  return text ? <span className="bf-details__approval-state" data-state={status.state}>{` — ${text}`}</span> : null
}

