import { forwardRef, lazy, Suspense, useContext, useId, useMemo, useState, type ReactNode } from 'react'
import { useControllableState } from '../shared/controllable.js'
import { useCopy } from '../shared/copy.js'
import { listsApprovals, logsApprovals } from '../../core/details/approvalHints.js'
import type { TransactionDetails as Details } from '../../core/details/getTransactionDetails.js'
import { detailsMessages } from '../../i18n/parts/details.js'
import { useMessages } from '../../i18n/useMessages.js'
import type { TransactionDetailsProps, Translator } from './types.js'
import { Address } from '../Address/Address.js'
import { ClippedText } from '../shared/ClippedText.js'
import { formatDecimal } from '../shared/format.js'
import { NamesContext } from '../shared/names.js'
import { defaultRenderLink, EXTERNAL } from '../shared/links.js'
import { fillTemplate } from '../shared/template.js'
import { explorerLink } from '../shared/url.js'
import { DetailsList } from './DetailsList.js'
import { EntryFacts } from './EntryFacts.js'
import { eventLine, tokensOf, type Line, type Segment } from './eventLines.js'

export type { TransactionDetailsProps, Translator } from './types.js'

const ApprovalsSection = lazy(() => import('./ApprovalsSection.js'))

const INPUT_SHOWN = 4096

type Messages = Translator['messages']['details']

/**
 * Shows what one transaction did, in place: status, time, parties, amounts, fee, method, events, approvals and input.
 *
 * It shows the details you pass (from `useTransactionDetails`) and fetches nothing. Approvals say
 * whether they are still active when you pass `approvalStates`, and an unlimited one can be revoked
 * with `onRevoke`. The approvals section is a chunk of its own, loaded with the first transaction
 * that has approvals (rendered on the client; a server render leaves it out).
 *
 * When the node does not know the transaction (`details` is `null`: a node behind the history, or
 * another provider) and you pass `entry`, it shows what the history gave (hash, status, time,
 * block, parties, value, fee, nonce, method and the explorer link) with a quiet note that the
 * events come once the node knows it; `useTransactionDetails` asks again at each new block.
 *
 * @param props - {@link TransactionDetailsProps}.
 * @returns A `<section>` with `data-status` and `data-state` (`open` or `closed`).
 * @example
 * ```tsx
 * import type { Hex } from 'viem'
 * import { TransactionDetails } from 'blockfeed/components'
 * import { useTransactionDetails } from 'blockfeed/react'
 *
 * export function Details({ hash }: { hash: Hex }) {
 *   const { data, isLoading, error } = useTransactionDetails({ hash })
 *   return <TransactionDetails details={data} isLoading={isLoading} error={error} variant="panel" />
 * }
 * ```
 */
// forwardRef, not a `ref` prop: React 18 apps are supported too.
export const TransactionDetails = forwardRef<HTMLElement, TransactionDetailsProps>(function TransactionDetails(props, ref) {
  const { variant = 'disclosure', open: controlled, defaultOpen = false, onOpenChange, className, style } = props
  const t = useMessages(props.locale, detailsMessages)
  const m = t.messages.details
  const [disclosed, setDisclosed] = useControllableState(controlled, defaultOpen, onOpenChange)
  const open = variant === 'panel' || disclosed
  const id = useId()
  const toggle = () => setDisclosed(!open)
  const status = props.details?.status
  return (
    <section
      ref={ref}
      className={className ? `bf-details ${className}` : 'bf-details'}
      dir={t.dir}
      style={style}
      data-status={status}
      data-state={open ? 'open' : 'closed'}
      aria-busy={props.isLoading ? true : undefined}
    >
      {variant === 'disclosure' ? (
        <button type="button" className="bf-button bf-button--quiet bf-details__toggle" id={`${id}-toggle`} aria-expanded={open} aria-controls={`${id}-body`} onClick={toggle}>
          {open ? m.hide : m.show}
        </button>
      ) : null}
      {open ? (
        <div className="bf-details__body" id={`${id}-body`} role="region" aria-labelledby={variant === 'disclosure' ? `${id}-toggle` : undefined} aria-label={variant === 'panel' ? m.label : undefined}>
          <Body {...props} t={t} />
        </div>
      ) : null}
    </section>
  )
})

function Body({ details, entry, wallet, names, isLoading, error, chain, timeZone, renderLink = defaultRenderLink, onRevoke, approvalStates, t }: TransactionDetailsProps & { t: Translator }) {
  const m = t.messages.details
  if (error) return <p className="bf-details__error" role="alert">{fillTemplate(m.failed, { reason: <bdi><ClippedText text={error.message} max={160} /></bdi> })}</p>
  if (isLoading || details === undefined) return <div className="bf-details__skeleton" role="status"><span className="bf-visually-hidden">{m.loading}</span></div>
  if (details === null && !entry) return <p className="bf-details__empty">{m.notFound}</p>
  const chainId = chain ?? details?.chain ?? undefined
  const tokens = tokensOf(entry)
  // The chain's own decimals (the node read gave `formatted`), through the one rounding rule every amount shares;
  // an amount with its symbol is data, isolated from the text around it.
  const native = (amount: { formatted: string }, symbol = details?.nativeSymbol ?? '') => <bdi>{t.format(t.messages.events.amount, { amount: formatDecimal(amount.formatted, t.locale), token: symbol })}</bdi>
  const txHref = explorerLink(chainId, 'tx', details?.hash ?? entry!.hash)
  const address = (a: string, label?: string | null) => <Address address={a} label={label} chain={chainId} renderLink={renderLink} />
  const explorer = txHref ? renderLink({ href: txHref, className: 'bf-link bf-details__explorer', ...EXTERNAL, children: m.explorer }) : null
  if (details === null) {
    // The node does not know it (yet): what the history gave, and a quiet word on why there is no more.
    return (
      <WithNames names={names}>
        <EntryFacts entry={entry!} chain={chainId} timeZone={timeZone} address={address} native={native} t={t} />
        <small className="bf-details__note bf-details__muted">{m.notKnownYet}</small>
        {explorer}
      </WithNames>
    )
  }

  return (
    // The service's label first, then a verified name, which `Address` shows only with the address beside it.
    <WithNames names={names}>
      <DetailsList details={details} entry={entry} timeZone={timeZone} address={address} native={native} t={t} />

      {listsApprovals(entry) || logsApprovals(details) ? (
        // Loaded with the first transaction that has approvals: most have none.
        <Suspense fallback={null}>
          <ApprovalsSection entry={entry} details={details} wallet={wallet} approvalStates={approvalStates} onRevoke={onRevoke} address={address} t={t} tokens={tokens} />
        </Suspense>
      ) : null}

      <Events logs={details.logs} tokens={tokens} t={t} address={address} />

      {details.input !== '0x' ? (
        <details className="bf-details__input">
          <summary>{t.plural(m.inputData, (details.input.length - 2) / 2)}</summary>
          <pre dir="ltr">{cut(details.input)}</pre>
          <CopyText value={details.input} label={m.copyInput} messages={m} />
        </details>
      ) : null}

      {explorer}
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

/** Events shown at first, and how many each "Show more" adds: a transaction with thousands of logs (an airdrop) must not freeze the page. */
const EVENTS_FIRST = 50
const EVENTS_MORE = 100

function Events({ logs, tokens, t, address }: { logs: Details['logs']; tokens: ReturnType<typeof tokensOf>; t: Translator; address: (a: string) => ReactNode }) {
  const m = t.messages.details
  const [shown, setShown] = useState(EVENTS_FIRST)
  // "Show more" goes away once all show: focus goes to the first event it added, not to the page.
  const added = shown > EVENTS_FIRST ? shown - EVENTS_MORE : -1
  const count = logs.length
  return (
    <section className="bf-details__section" aria-label={m.events}>
      <h4 className="bf-details__heading">{t.format(m.eventsCount, { count })}</h4>
      <ul className="bf-details__lines">
        {logs.slice(0, shown).map((log, i) => (
          <li key={i} data-decoded={String(log.decoded)} tabIndex={-1} ref={i === added ? focusOnMount : undefined}>
            {renderLine(eventLine(log, tokens, t.messages.events, t.locale), address)}
            {!log.decoded ? (
              <details className="bf-details__raw">
                <summary>{m.rawEvent}</summary>
                <pre dir="ltr">{[...log.topics, cut(log.data)].join('\n')}</pre>
                <CopyText value={log.data} label={m.copyData} messages={m} />
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      {count > shown ? (
        <button type="button" className="bf-button bf-button--quiet bf-details__more" onClick={() => setShown(shown + EVENTS_MORE)}>
          {t.format(m.moreEvents, { shown, count })}
        </button>
      ) : null}
    </section>
  )
}

// One function for good: React calls a ref again only when it changes.
const focusOnMount = (el: HTMLElement | null) => el?.focus()

const cut = (hex: string) => (hex.length > INPUT_SHOWN ? `${hex.slice(0, INPUT_SHOWN)}…` : hex)

/** An event's sentence: its message filled with its parts; data (token text, amounts) isolated for right-to-left pages. */
function renderLine(line: Line, address: (a: string) => ReactNode): ReactNode {
  const parts: Record<string, ReactNode> = {}
  for (const [name, segment] of Object.entries(line.parts)) parts[name] = renderSegment(segment, address)
  return fillTemplate(line.message, parts)
}

function renderSegment(s: Segment, address: (a: string) => ReactNode): ReactNode {
  if ('address' in s) return address(s.address)
  if ('untrusted' in s) return <bdi><ClippedText text={s.untrusted} max={s.max ?? 16} /></bdi>
  if ('amount' in s) return <bdi>{renderLine(s.amount, address)}</bdi>
  return s.text
}

function CopyText({ value, label, messages: m }: { value: string; label: string; messages: Messages }) {
  const { state, copy } = useCopy(value)
  return (
    <button type="button" className="bf-button bf-button--quiet bf-details__copy" onClick={copy} data-state={state}>
      {state === 'copied' ? m.copied : state === 'failed' ? m.copyFailed : label}
    </button>
  )
}
