import { forwardRef, useContext, useId, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react'
import type { TransactionEntry } from '../../core/history/schema.js'
import { useControllableState } from '../shared/controllable.js'
import { deriveCategory } from '../shared/direction.js'
import { defaultRenderLink } from '../shared/links.js'
import { NamesContext } from '../shared/names.js'
import type { DisplayOptions } from '../shared/options.js'
import { isSpamTransaction } from '../shared/spam.js'
import { useMessages } from '../../i18n/useMessages.js'
import { safeImageUrl } from '../shared/url.js'
import { useRowActivation } from './rowActivation.js'
import { RowAmounts } from './RowAmounts.js'
import { RowDetailsSlot } from './RowDetailsSlot.js'
import { rowFacts } from './rowFacts.js'
import { RowLeading } from './RowLeading.js'
import { RowMiddle } from './RowMiddle.js'

/** How tall rows are: `comfortable`, about a wallet tab's 64 px, or `compact`, about 48 px. */
export type Density = 'comfortable' | 'compact'

/** The props of {@link TransactionRow}: the transaction, the wallet it is seen from, display options, and DOM attributes for its `<article>`. */
export interface TransactionRowProps extends DisplayOptions, Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The history entry to show. */
  transaction: TransactionEntry
  /** The viewed wallet: direction, signs, counterparty and title are from its side. */
  wallet?: string | undefined
  /**
   * Shows transfers flagged `possible_spam` (their logos are never loaded).
   * @defaultValue `false`
   */
  showSpam?: boolean | undefined
  /**
   * Hides ERC-20 transfers of zero value (address poisoning).
   * @defaultValue `false`
   */
  hideZeroValueTransfers?: boolean | undefined
  /**
   * What the details show below the transfers (`WalletActivityFeed` passes the node's view: fee,
   * nonce, decoded events, explorer). Without it the details show the hash, fee and explorer link.
   */
  renderDetails?: ((transaction: TransactionEntry) => ReactNode) | undefined
  /**
   * The chain badge of an entry that carries its `chain` (a merged feed's do): shown unless
   * `false`, so a list that passes rows through needs no new prop. Entries without one show none.
   * @defaultValue `true`
   */
  showChain?: boolean | undefined
  /**
   * `comfortable` (about 64 px) or `compact` (about 48 px).
   * @defaultValue `'comfortable'`
   */
  density?: Density | undefined
  /** Whether the details are open, when you control it; leave out to let the row keep it. */
  expanded?: boolean | undefined
  /**
   * Whether the details start open when the row keeps its own state.
   * @defaultValue `false`
   */
  defaultExpanded?: boolean | undefined
  /** Called when the viewer opens or closes the details (click, Enter or Space on the row, or the chevron). */
  onExpandedChange?: ((expanded: boolean, transaction: TransactionEntry) => void) | undefined
  /** Class names added to the root element. */
  className?: string | undefined
  /** Inline styles for the root element. */
  style?: CSSProperties | undefined
}

/**
 * Shows one transaction as the viewed wallet sees it, on one grid: a token logo or kind glyph (with the
 * chain's badge in a feed across chains), a one-verb title over the other party and the time, and
 * the amounts that moved, signed. Activating the row (click, Enter or Space on it, or its chevron)
 * opens the details in place: every transfer, the hash, fee and explorer link. Renders an
 * `<article>`; extra attributes (aria-posinset, tabIndex…) go onto it, yours last.
 *
 * @param props - {@link TransactionRowProps}.
 * @returns An `<article>` with `data-direction`, `data-kind`, `data-status` and `data-category` for styling.
 * @remarks Sends nothing; `TransactionList` renders one per transaction.
 * @example
 * ```tsx
 * import type { TransactionEntry } from 'blockfeed'
 * import { TransactionRow } from 'blockfeed/components'
 *
 * export function LatestTransaction({ transaction }: { transaction: TransactionEntry }) {
 *   return <TransactionRow transaction={transaction} wallet="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" chain="eth" />
 * }
 * ```
 */
export const TransactionRow = forwardRef<HTMLElement, TransactionRowProps>(function TransactionRow({
  transaction: tx, wallet: walletProp, chain: chainProp, locale, timeZone, renderLink = defaultRenderLink, ipfsGateway, renderChainIcon,
  showSpam = false, hideZeroValueTransfers = false, renderDetails, showChain = true, density = 'comfortable',
  expanded: expandedProp, defaultExpanded = false, onExpandedChange, className, style, onClick, onKeyDown, ...rest
}, ref) {
  const id = useId()
  const t = useMessages(locale)
  const names = useContext(NamesContext)
  const [expanded, setExpanded] = useControllableState(expandedProp, defaultExpanded, onExpandedChange)
  // A merged feed's entry says where it is from and whose view it is: that beats the list's one chain and wallet.
  const own = tx as TransactionEntry & { chain?: unknown; wallet?: unknown }
  const entryChain = Object.hasOwn(tx, 'chain') && typeof own.chain === 'string' ? own.chain : undefined
  const chain = entryChain ?? chainProp
  const wallet = Object.hasOwn(tx, 'wallet') && typeof own.wallet === 'string' ? own.wallet : walletProp
  const rules = { showSpam, hideZeroValueTransfers }
  const facts = rowFacts(tx, wallet, chain, rules, names)
  const spam = isSpamTransaction(tx)
  const category = tx.category ?? deriveCategory(tx, wallet)
  const first = facts.movements[0]
  const logo = first && first.kind === 'erc20' && !first.spam && !facts.failed && facts.movements.length === 1 ? safeImageUrl(first.logo, ipfsGateway) : null
  const badgeChain = showChain ? entryChain : undefined

  const toggle = () => setExpanded(!expanded, tx)
  // The row owns its activation: the caller's handlers are composed with it, never replace it.
  const { onRowClick, onRowKeyDown } = useRowActivation(toggle, onClick, onKeyDown)

  return (
    <article
      data-direction={facts.direction}
      data-kind={facts.kind}
      data-status={facts.failed ? 'failed' : 'success'}
      data-category={category.replace(/\s+/g, '-').toLowerCase().replace(/[^a-z0-9-]/g, '')}
      data-spam={spam ? '' : undefined}
      data-chain={entryChain}
      data-density={density}
      data-expanded={expanded ? '' : undefined}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-sub${facts.movements.length > 0 ? ` ${id}-amounts` : ''}`}
      {...rest}
      ref={ref}
      className={className ? `bf-tx ${className}` : 'bf-tx'}
      style={style}
      onClick={onRowClick}
      onKeyDown={onRowKeyDown}
    >
      <div className="bf-row">
        <RowLeading facts={facts} logo={logo} chain={badgeChain} renderChainIcon={renderChainIcon} />
        <RowMiddle id={id} facts={facts} spam={spam} badgeChain={badgeChain} timestamp={tx.block_timestamp} timeZone={timeZone} t={t} />
        <RowAmounts id={`${id}-amounts`} movements={facts.movements} failed={facts.failed} locale={t.locale} />
        <button type="button" className="bf-row__chevron" aria-expanded={expanded} aria-controls={`${id}-details`} onClick={toggle}>
          <span className="bf-visually-hidden">{t.messages.row.details}</span>
          <svg viewBox="0 0 16 16" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
            <path d="M6 4l4 4-4 4" />
          </svg>
        </button>
      </div>
      <RowDetailsSlot
        id={`${id}-details`}
        expanded={expanded}
        t={t}
        transaction={tx}
        wallet={wallet}
        chain={chain}
        locale={t.locale}
        timeZone={timeZone}
        renderLink={renderLink}
        ipfsGateway={ipfsGateway}
        showSpam={showSpam}
        hideZeroValueTransfers={hideZeroValueTransfers}
        renderDetails={renderDetails}
      />
    </article>
  )
})
