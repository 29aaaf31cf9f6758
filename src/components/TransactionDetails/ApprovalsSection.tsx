import type { ReactNode } from 'react'
import { formatUnits } from 'viem'
import { listsApprovals } from '../../core/details/approvalHints.js'
import { approvalsOf, approvalStatus, currentOf, isRevocable, isUnlimitedAmount, revokeApprovalRequest, type Approval } from '../../core/details/approvals.js'
import type { ApprovalStates } from '../../core/details/approvalStates.js'
import type { TransactionDetails as Details } from '../../core/details/getTransactionDetails.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { ClippedText } from '../shared/ClippedText.js'
import { formatDecimal } from '../shared/format.js'
import { fillTemplate } from '../shared/template.js'
import type { tokensOf } from './eventLines.js'
import type { TransactionDetailsProps, Translator } from './types.js'

export interface ApprovalsSectionProps extends Pick<TransactionDetailsProps, 'wallet' | 'approvalStates' | 'onRevoke'> {
  /** The details' messages, and the locale numbers are formatted in. */
  t: Translator
  entry: TransactionEntry | undefined
  details: Details
  address: (a: string, label?: string | null) => ReactNode
  tokens: TokenMap
}

/** The details' approvals: what the transaction granted or removed, what is left now, and "Revoke". A chunk of its own. */
export default function ApprovalsSection({ entry, details, wallet, approvalStates, onRevoke, address, t, tokens }: ApprovalsSectionProps) {
  const m = t.messages.approvals
  const approvals = approvalsOf(entry as never, details, wallet)
  if (approvals.length === 0) {
    // The service may list what the call meant to approve; a reverted call approved nothing.
    return details.status === 'reverted' && listsApprovals(entry) ? (
      <section className="bf-details__section" aria-label={m.title}>
        <h4 className="bf-details__heading">{m.title}</h4>
        <p className="bf-details__muted">{m.noneTookEffect}</p>
      </section>
    ) : null
  }
  return (
    <section className="bf-details__section" aria-label={m.title}>
      <h4 className="bf-details__heading">{m.title}</h4>
      <ul className="bf-details__lines">
        {approvals.map((a, i) => (
          <li key={`${a.kind}-${a.token}-${a.spender}-${i}`} data-kind={a.kind}>
            <ApprovalLine approval={a} address={address} t={t} tokens={tokens} tokenLabel={a.token.toLowerCase() === entry?.to_address?.toLowerCase() ? entry?.to_address_label : null} />
            <ApprovalState approval={a} states={approvalStates} tokens={tokens} t={t} />
            {onRevoke && isRevocable(a, currentOf(approvalStates, a)) ? (
              <button type="button" className="bf-button bf-button--quiet bf-details__revoke" onClick={() => onRevoke(revokeApprovalRequest(a), a)}>
                {m.revoke}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

type TokenMap = ReturnType<typeof tokensOf>

function ApprovalLine({ approval: a, address, t, tokens, tokenLabel }: { approval: Approval; address: (a: string, label?: string | null) => ReactNode; t: Translator; tokens: TokenMap; tokenLabel: string | null | undefined }) {
  const m = t.messages.approvals
  const symbol = a.tokenSymbol ?? tokens.get(a.token.toLowerCase())?.symbol
  // Token text, amounts and addresses are data: isolated, so a right-to-left sentence keeps them whole.
  const token = symbol ? <bdi><ClippedText text={symbol} max={16} /></bdi> : address(a.token, tokenLabel)
  const spender = address(a.spender, a.spenderLabel)
  // Raw units when the decimals are unknown: the exact integer, as the chain has it.
  const amount =
    a.unlimited ? m.unlimited : a.amount !== null && a.tokenDecimals !== null ? formatDecimal(formatUnits(a.amount, a.tokenDecimals), t.locale) : a.amount?.toString()
  switch (a.kind) {
    case 'approval':
      return <span>{amount === undefined ? fillTemplate(m.approvalSome, { spender, token }) : fillTemplate(m.approval, { spender, amount: <bdi>{amount}</bdi>, token })}</span>
    case 'revoke':
      return <span>{fillTemplate(m.revoked, { spender, token })}</span>
    case 'approval_for_all':
      return <span>{fillTemplate(m.approvalForAll, { spender, token })}</span>
    case 'revoke_all':
      return <span>{fillTemplate(m.revokedForAll, { spender, token })}</span>
  }
}

/** What the node says now about an approval, next to what the transaction did. */
function ApprovalState({ approval: a, states, tokens, t }: { approval: Approval; states: ApprovalStates | null | undefined; tokens: TokenMap; t: Translator }) {
  const m = t.messages.approvals
  const current = states === null ? null : currentOf(states, a)
  if (current === undefined) return null
  const status = approvalStatus(a, current)
  const granting = !a.kind.startsWith('revoke')
  const decimals = a.tokenDecimals ?? tokens.get(a.token.toLowerCase())?.decimals ?? null
  const remaining = status.state === 'changed' ? status.remaining : false
  const amount =
    typeof remaining !== 'bigint' ? ''
    : isUnlimitedAmount(remaining) ? m.unlimited
    : decimals !== null ? formatDecimal(formatUnits(remaining, decimals), t.locale)
    : t.format(m.rawAmount, { amount: remaining.toString() })
  const text =
    status.state === 'inactive' ? m.state.inactive
    : !granting ? (remaining !== false ? (amount ? t.format(m.state.approvedAgainAmount, { amount }) : m.state.approvedAgain) : null)
    : status.state === 'unknown' ? m.state.unknown
    : status.state === 'active' ? m.state.active
    : t.format(m.state.remaining, { amount })
  // The space parts it from the approval's sentence before it.
  return text ? <span className="bf-details__approval-state" data-state={status.state}>{` ${t.format(m.stateLine, { state: text })}`}</span> : null
}

