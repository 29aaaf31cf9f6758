import type { ReactNode } from 'react'
import type { TransactionEntry } from '../../core/history/schema.js'
import { TokenAmount } from '../TokenAmount/TokenAmount.js'
import { ClippedText } from '../shared/ClippedText.js'
import { isFailed, sameAddress } from '../shared/direction.js'
import { isDecimalText } from '../shared/format.js'
import { defaultRenderLink, EXTERNAL } from '../shared/links.js'
import { nativeCurrency } from '../shared/native.js'
import type { DisplayOptions } from '../shared/options.js'
import type { HideRules } from '../shared/spam.js'
import { cleanText } from '../shared/text.js'
import { detailsMessages } from '../../i18n/parts/details.js'
import { useMessages } from '../../i18n/useMessages.js'
import { explorerLink } from '../shared/url.js'
import { RowTransfers } from './RowTransfers.js'


/** The fee in whole native units: the service's `transaction_fee`, else gas used × gas price. */
function feeOf(tx: TransactionEntry): { value: string; formatted: string | null } | null {
  if (isDecimalText(tx.transaction_fee)) return { value: '0', formatted: tx.transaction_fee }
  if (tx.receipt_gas_used && tx.gas_price) return { value: (BigInt(tx.receipt_gas_used) * BigInt(tx.gas_price)).toString(), formatted: null }
  return null
}

export interface RowDetailsPanelProps extends DisplayOptions, HideRules {
  transaction: TransactionEntry
  wallet: string | undefined
  renderDetails: ((transaction: TransactionEntry) => ReactNode) | undefined
}

/**
 * What opens in place under a row: the service's own summary, every transfer with its parties, then
 * the app's details (the feed's: the node's view, events and explorer) or, without them, the hash,
 * the fee the wallet paid, the nonce and the explorer link from the history entry.
 */
export default function RowDetailsPanel({ transaction: tx, wallet, renderDetails, ...options }: RowDetailsPanelProps) {
  const { chain, renderLink = defaultRenderLink } = options
  const t = useMessages(options.locale, detailsMessages)
  const m = t.messages.rowDetails
  const summary = cleanText(tx.summary)
  const fee = feeOf(tx)
  const paidFee = fee !== null && (wallet === undefined || sameAddress(tx.from_address, wallet))
  const native = nativeCurrency(chain)
  const txHref = explorerLink(chain, 'tx', tx.hash)
  return (
    <>
      {summary && <p className="bf-tx__service-summary"><ClippedText text={summary} max={160} /></p>}
      <RowTransfers transaction={tx} wallet={wallet} {...options} />
      {renderDetails ? renderDetails(tx) : (
        <dl className="bf-tx__facts">
          <div>
            <dt>{m.hash}</dt>
            <dd><bdi className="bf-tx__hash" dir="ltr"><ClippedText text={tx.hash} max={66} /></bdi></dd>
          </div>
          {paidFee && (
            <div className="bf-tx__fee">
              <dt>{isFailed(tx) ? m.feePaid : m.fee}</dt>
              <dd><TokenAmount value={fee.value} formatted={fee.formatted} decimals={native.decimals} symbol={native.symbol} locale={t.locale} /></dd>
            </div>
          )}
          {tx.nonce != null && (
            <div>
              <dt>{m.nonce}</dt>
              <dd>{tx.nonce}</dd>
            </div>
          )}
          {txHref && (
            <div>
              <dt className="bf-visually-hidden">{m.explorer}</dt>
              <dd>
                {renderLink({
                  href: txHref,
                  className: 'bf-tx__explorer bf-link',
                  title: tx.hash,
                  ...EXTERNAL,
                  // The name starts with the visible words (WCAG 2.5.3), then says which transaction.
                  children: <>{m.explorer}<span aria-hidden="true"> ↗</span> <span className="bf-visually-hidden">{t.format(m.explorerTransaction, { hash: tx.hash })}</span></>,
                })}
              </dd>
            </div>
          )}
        </dl>
      )}
    </>
  )
}
