import type { CSSProperties } from 'react'
import type { Approval, RevokeRequest } from '../../core/details/approvals.js'
import type { ApprovalStates } from '../../core/details/approvalStates.js'
import type { TransactionDetails as Details } from '../../core/details/getTransactionDetails.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import type { DetailsPart, MainPart } from '../../i18n/types.js'
import type { Translator as AnyTranslator } from '../../i18n/useMessages.js'
import type { DisplayOptions } from '../shared/options.js'

/** The details speak from the main and details parts of the catalogue. */
export type Translator = AnyTranslator<MainPart & DetailsPart>

/** The props of {@link TransactionDetails}: the node's details and the history entry to show, their loading state, how it opens, and the revoke action. */
export interface TransactionDetailsProps extends Pick<DisplayOptions, 'chain' | 'locale' | 'timeZone' | 'renderLink'> {
  /**
   * From `useTransactionDetails` (or `getTransactionDetails`); null when the node does not know the
   * hash: the view then shows the facts of `entry`, with a note that the events follow once the node knows it.
   */
  details: Details | null | undefined
  /**
   * Verified names (from `useNames`): shown where the service gave no label, always with the short
   * address beside them (and the full one in the title and accessible name); a name that could pass
   * for another (hidden characters, capitals, mixed scripts) is not shown.
   */
  names?: Readonly<Record<string, string | null>> | undefined
  /** The history entry the details belong to: labels, token symbols and decimals, approvals. */
  entry?: TransactionEntry | undefined
  /** The wallet being viewed, when it may not be the sender (a smart account): its approvals in the receipt are shown too. */
  wallet?: string | undefined
  /** Shows the loading skeleton (the details query is under way). */
  isLoading?: boolean | undefined
  /** Shows this error's message in place of the details. */
  error?: Error | null | undefined
  /**
   * `disclosure`: a button that expands the details in place; `panel`: always shown.
   * @defaultValue `'disclosure'`
   */
  variant?: 'disclosure' | 'panel' | undefined
  /** Whether the disclosure is open, when you control it; leave out to let the component keep it. */
  open?: boolean | undefined
  /**
   * Whether the disclosure starts open when the component keeps its own state.
   * @defaultValue `false`
   */
  defaultOpen?: boolean | undefined
  /** Called when the user opens or closes it: a good moment to enable the details query. */
  onOpenChange?: ((open: boolean) => void) | undefined
  /**
   * What the node reads now for the approvals (`approvalStatesQueryOptions` over `approvalsOf(entry,
   * details)`); null when that read failed. Each approval says whether it is still active.
   */
  approvalStates?: ApprovalStates | null | undefined
  /**
   * Shows a "Revoke" action on an unlimited approval while `approvalStates` reports any allowance
   * left of it (`isRevocable`; never on an unchecked, fully spent or revoked one); gets the ready
   * `approve(spender, 0)` request for the app's wallet to sign (blockfeed never holds keys), and the
   * approval, whose `owner` is the wallet that must sign it.
   */
  onRevoke?: ((request: RevokeRequest, approval: Approval) => void) | undefined
  /** Class names added to the root `<section>`. */
  className?: string | undefined
  /** Inline styles for the root `<section>`. */
  style?: CSSProperties | undefined
}
