import { forwardRef, lazy, Suspense, useContext, useId, useMemo, useState, type CSSProperties, type ReactNode } from 'react'
import { useCopy } from '../shared/copy.js'
import { formatGwei } from 'viem'
import { listsApprovals, logsApprovals } from '../../core/details/approvalHints.js'
import type { Approval, RevokeRequest } from '../../core/details/approvals.js'
import type { ApprovalStates } from '../../core/details/approvalStates.js'
import type { TransactionDetails as Details } from '../../core/details/getTransactionDetails.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { Address } from '../Address/Address.js'
import { ClippedText } from '../shared/ClippedText.js'
import { formatDecimal } from '../shared/format.js'
import { intlFormatter } from '../shared/intl.js'
import { NamesContext } from '../shared/names.js'
import { defaultRenderLink, EXTERNAL } from '../shared/links.js'
import type { DisplayOptions } from '../shared/options.js'
import { explorerLink } from '../shared/url.js'
import { eventLine, tokensOf, type Segment } from './eventLines.js'

const ApprovalsSection = lazy(() => import('./ApprovalsSection.js'))

export interface TransactionDetailsProps extends Pick<DisplayOptions, 'chain' | 'locale' | 'timeZone' | 'renderLink'> {
  /** From `useTransactionDetails` (or `getTransactionDetails`); null when the node does not know the hash. */
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
  isLoading?: boolean | undefined
  error?: Error | null | undefined
  /** `disclosure` (default): a button that expands the details in place; `panel`: always shown. */
  variant?: 'disclosure' | 'panel' | undefined
  /** Controlled open state of the disclosure; leave out to let the component keep it. */
  open?: boolean | undefined
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
  className?: string | undefined
  style?: CSSProperties | undefined
}

const INPUT_SHOWN = 4096

const STATUS_TEXT: Readonly<Record<Details['status'], string>> = {
  success: 'Succeeded',
  reverted: 'Failed',
  pending: 'Pending',
  unknown: 'Mined, outcome not recorded (pre-Byzantium)',
}

/**
 * What one transaction did, in place: status, time, parties, amounts, fee, method, events, approvals and input.
 * The approvals section is a chunk of its own, loaded with the first transaction that has approvals
 * (rendered on the client; a server render leaves it out).
 */
// forwardRef, not a `ref` prop: React 18 apps are supported too.
export const TransactionDetails = forwardRef<HTMLElement, TransactionDetailsProps>(function TransactionDetails(props, ref) {
  const { variant = 'disclosure', open: controlled, defaultOpen = false, onOpenChange, className, style } = props
  const [own, setOwn] = useState(defaultOpen)
  const open = variant === 'panel' || (controlled ?? own)
  const id = useId()
  const toggle = () => {
    setOwn(!open)
    onOpenChange?.(!open)
  }
  const status = props.details?.status
  return (
    <section
      ref={ref}
      className={className ? `bf-details ${className}` : 'bf-details'}
      style={style}
      data-status={status}
      data-state={open ? 'open' : 'closed'}
      aria-busy={props.isLoading ? true : undefined}
    >
      {variant === 'disclosure' ? (
        <button type="button" className="bf-button bf-button--quiet bf-details__toggle" id={`${id}-toggle`} aria-expanded={open} aria-controls={`${id}-body`} onClick={toggle}>
          {open ? 'Hide details' : 'Details'}
        </button>
      ) : null}
      {open ? (
        <div className="bf-details__body" id={`${id}-body`} role="region" aria-labelledby={variant === 'disclosure' ? `${id}-toggle` : undefined} aria-label={variant === 'panel' ? 'Transaction details' : undefined}>
          <Body {...props} />
        </div>
      ) : null}
    </section>
  )
})

function Body({ details, entry, wallet, names, isLoading, error, chain, locale, timeZone, renderLink = defaultRenderLink, onRevoke, approvalStates }: TransactionDetailsProps) {
  if (error) return <p className="bf-details__error" role="alert">Could not load the details: <ClippedText text={error.message} max={160} /></p>
  if (isLoading || details === undefined) return <div className="bf-details__skeleton" role="status"><span className="bf-visually-hidden">Loading details</span></div>
  if (details === null) return <p className="bf-details__empty">The node does not know this transaction.</p>
  const chainId = chain ?? details.chain ?? undefined
  const tokens = tokensOf(entry)
  const symbol = details.nativeSymbol
  // The chain's own decimals (the node read gave `formatted`), through the one rounding rule every amount shares.
  const native = (amount: { formatted: string }) => `${formatDecimal(amount.formatted, locale)} ${symbol}`
  const txHref = explorerLink(chainId, 'tx', details.hash)
  const address = (a: string, label?: string | null) => <Address address={a} label={label} chain={chainId} renderLink={renderLink} />

  return (
    // The service's label first, then a verified name, which `Address` shows only with the address beside it.
    <WithNames names={names}>
      <dl className="bf-details__list">
        <Row term="Status">
          <span className="bf-details__status" data-status={details.status}>
            {STATUS_TEXT[details.status] ?? 'Pending'}
          </span>
          {details.status !== 'pending' ? <span className="bf-details__confirmations">{`, ${confirmations(details.confirmations, locale)}`}</span> : null}
          {details.revertReason ? <span className="bf-details__reason">{' — reverted: '}<ClippedText text={details.revertReason} max={120} /></span> : null}
        </Row>
        {details.timestamp !== null ? (
          <Row term="Time">
            <time dateTime={new Date(details.timestamp * 1000).toISOString()}>
              {intlFormatter(Intl.DateTimeFormat, locale, { timeZone, dateStyle: 'medium', timeStyle: 'long' } as Intl.DateTimeFormatOptions).format(details.timestamp * 1000)}
            </time>
          </Row>
        ) : null}
        {details.blockNumber !== null ? <Row term="Block">{details.blockNumber.toString()}</Row> : null}
        <Row term="From">{address(details.from, entry?.from_address_label)}</Row>
        <Row term={details.to ? 'To' : 'Created'}>
          {details.to
            ? address(details.to, entry?.to_address_label)
            : // A node gives the would-be address even when the creation failed: nothing lives there.
              details.status === 'reverted' ? 'None: the creation failed'
            : details.contractAddress ? address(details.contractAddress) : 'a contract'}
        </Row>
        <Row term="Value">{native(details.value)}</Row>
        {details.fee ? (
          <Row term="Fee">
            <span title={`${details.fee.wei.toString()} wei`}>{native(details.fee)}</span>
            <span className="bf-details__muted">{` (${details.gasUsed!.toString()} gas × ${formatGwei(details.effectiveGasPrice!)} gwei)`}</span>
          </Row>
        ) : null}
        <Row term="Nonce">{String(details.nonce)}</Row>
        <Row term="Type">{details.type}</Row>
        <Row term="Method">
          {details.method.name ? <ClippedText text={details.method.name} max={48} /> : details.to ? 'Unknown' : 'Contract creation'}
          {details.method.selector ? <code className="bf-details__muted">{` ${details.method.selector}`}</code> : null}
        </Row>
      </dl>

      {listsApprovals(entry) || logsApprovals(details) ? (
        // Loaded with the first transaction that has approvals: most have none.
        <Suspense fallback={null}>
          <ApprovalsSection entry={entry} details={details} wallet={wallet} approvalStates={approvalStates} onRevoke={onRevoke} address={address} locale={locale} tokens={tokens} />
        </Suspense>
      ) : null}

      <Events logs={details.logs} tokens={tokens} locale={locale} address={address} />

      {details.input !== '0x' ? (
        <details className="bf-details__input">
          <summary>{`Input data (${(details.input.length - 2) / 2} bytes)`}</summary>
          <pre>{cut(details.input)}</pre>
          <CopyText value={details.input} label="Copy input data" />
        </details>
      ) : null}

      {txHref ? renderLink({ href: txHref, className: 'bf-link bf-details__explorer', ...EXTERNAL, children: 'View on explorer' }) : null}
    </WithNames>
  )
}

/** The `names` prop over those the feed already provides (`Address` reads them by lower-case address and checks each). */
function WithNames({ names, children }: { names: TransactionDetailsProps['names']; children: ReactNode }) {
  const outer = useContext(NamesContext)
  // One map per change of either source, so the rows under it do not re-render on every render of the view.
  const map = useMemo(() => {
    const all = new Map(outer)
    for (const key in names) if (names[key]) all.set(key.toLowerCase(), names[key])
    return all
  }, [outer, names])
  return <NamesContext.Provider value={map}>{children}</NamesContext.Provider>
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="bf-details__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function confirmations(n: number, locale: string | undefined): string {
  const count = intlFormatter(Intl.NumberFormat, locale, {}).format(n)
  return n === 1 ? '1 confirmation' : `${count} confirmations`
}

/** Events shown at first, and how many each "Show more" adds: a transaction with thousands of logs (an airdrop) must not freeze the page. */
const EVENTS_FIRST = 50
const EVENTS_MORE = 100

function Events({ logs, tokens, locale, address }: { logs: Details['logs']; tokens: ReturnType<typeof tokensOf>; locale: string | undefined; address: (a: string) => ReactNode }) {
  const [shown, setShown] = useState(EVENTS_FIRST)
  // "Show more" goes away once all show: focus goes to the first event it added, not to the page.
  const added = shown > EVENTS_FIRST ? shown - EVENTS_MORE : -1
  const count = logs.length
  return (
    <section className="bf-details__section" aria-label="Events">
      <h4 className="bf-details__heading">{`Events (${count})`}</h4>
      <ul className="bf-details__lines">
        {logs.slice(0, shown).map((log, i) => (
          <li key={i} data-decoded={String(log.decoded)} tabIndex={-1} ref={i === added ? focusOnMount : undefined}>
            {renderSegments(eventLine(log, tokens, locale), address)}
            {!log.decoded ? (
              <details className="bf-details__raw">
                <summary>Raw topics and data</summary>
                <pre>{[...log.topics, cut(log.data)].join('\n')}</pre>
                <CopyText value={log.data} label="Copy data" />
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      {count > shown ? (
        <button type="button" className="bf-button bf-button--quiet bf-details__more" onClick={() => setShown(shown + EVENTS_MORE)}>
          {`Show more events (${shown} of ${count} shown)`}
        </button>
      ) : null}
    </section>
  )
}

// One function for good: React calls a ref again only when it changes.
const focusOnMount = (el: HTMLElement | null) => el?.focus()

const cut = (hex: string) => (hex.length > INPUT_SHOWN ? `${hex.slice(0, INPUT_SHOWN)}…` : hex)

function renderSegments(segments: Segment[], address: (a: string) => ReactNode): ReactNode {
  return segments.map((s, i) => (
    <span key={i}>{'address' in s ? address(s.address) : 'untrusted' in s ? <ClippedText text={s.untrusted} max={s.max ?? 16} /> : s.text}</span>
  ))
}

function CopyText({ value, label }: { value: string; label: string }) {
  const { state, copy } = useCopy(value)
  return (
    <button type="button" className="bf-button bf-button--quiet bf-details__copy" onClick={copy} data-state={state}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  )
}
