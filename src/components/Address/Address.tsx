import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import { isDisplaySafeName } from '../../core/details/nameSafety.js'
import { useCopy } from '../shared/copy.js'
import { displayAddress } from '../shared/address.js'
import { ClippedText } from '../shared/ClippedText.js'
import { defaultRenderLink, EXTERNAL } from '../shared/links.js'
import type { DisplayOptions } from '../shared/options.js'
import { cleanText, clipText } from '../shared/text.js'
import { useVerifiedName } from '../shared/names.js'
import { explorerLink } from '../shared/url.js'
import { detailsMessages } from '../../i18n/parts/details.js'
import type { DetailsPart, MainPart } from '../../i18n/types.js'
import { useMessages, type Translator } from '../../i18n/useMessages.js'

/** The props of {@link Address}: the address, what is known of it, `chain`, `renderLink`, `locale`, and DOM attributes for its `<span>`. */
export interface AddressProps extends Pick<DisplayOptions, 'chain' | 'renderLink' | 'locale'>, Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** The address as the service sent it (any case). */
  address: string
  /** A known name for it (`*_label`): untrusted, shown as text. */
  label?: string | null | undefined
  /** A known entity (`*_entity`, e.g. an exchange): untrusted, shown as text. */
  entity?: string | null | undefined
  /**
   * Shows the copy button.
   * @defaultValue `true`
   */
  copyable?: boolean | undefined
  /** Class names added to the root `<span>`. */
  className?: string | undefined
  /** Inline styles for the root `<span>`. */
  style?: CSSProperties | undefined
}

/**
 * Shows an address the way every row does: a name when one is known, else the short checksummed
 * address, with a copy button and a link to the chain's explorer.
 *
 * The name is the service's label or entity when known, else a verified name (ENS, from the feed)
 * with the short address beside it. The full address is the tooltip and part of the accessible
 * name, so a name never stands in for an address unseen. Labels are untrusted text: shown as text,
 * hidden characters removed.
 *
 * @param props - {@link AddressProps}.
 * @returns A `<span>` (`data-named` when a name shows) holding the link and the copy button.
 * @remarks Sends nothing. Verified names come from the feed (`WalletActivityFeed` with `showNames`);
 * on its own it shows the label or the address.
 * @example
 * ```tsx
 * import { Address } from 'blockfeed/components'
 *
 * export function Alice() {
 *   return <Address address="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" label="Alice" chain="eth" />
 * }
 * ```
 */
export const Address = forwardRef<HTMLSpanElement, AddressProps>(function Address(
  { address, label, entity, chain, renderLink = defaultRenderLink, copyable = true, locale, className, style, ...rest },
  ref,
) {
  const t = useMessages(locale, detailsMessages)
  const { valid, text, short } = displayAddress(address)
  const given = cleanText(label) ?? cleanText(entity)
  // A reverse name is chosen by whoever holds the address: one that could pass for another is not shown,
  // and the one shown keeps the address beside it (a whole-script look-alike gets past any cheap check).
  const verified = useVerifiedName(address)
  const ens = !given && valid && isDisplaySafeName(verified) ? verified : null
  const name = given ?? ens
  const href = valid ? explorerLink(chain, 'address', text) : undefined
  const content = ens ? (
    <><EnsName name={ens} />{' '}<span className="bf-address__hex bf-address__beside" dir="ltr">{short}</span></>
  ) : name ? <ClippedText text={name} max={24} /> : <span className="bf-address__hex" dir="ltr">{short}</span>
  // The full address follows the visible text in the accessible name (which must contain what is seen).
  const linkContent = <>{content}{' '}<span className="bf-visually-hidden">{t.format(t.messages.address.explorerHidden, { address: text })}</span></>
  return (
    <span data-named={name ? '' : undefined} data-name-source={ens ? 'ens' : undefined} {...rest} ref={ref} className={className ? `bf-address ${className}` : 'bf-address'} style={style}>
      {href
        ? renderLink({ href, className: 'bf-address__link bf-link', title: text, ...EXTERNAL, children: linkContent })
        : <span className="bf-address__text" title={text}>{content}</span>}
      {copyable && valid && <CopyButton value={text} t={t} />}
    </span>
  )
})

/** A checked name, shown as it is (cleaning would split an emoji sequence into another name), clipped. */
function EnsName({ name }: { name: string }) {
  const { shown, full, clipped } = clipText(name, 24)
  return <span className="bf-clip" title={clipped ? full : undefined}>{shown}</span>
}

function CopyButton({ value, t }: { value: string; t: Translator<MainPart & DetailsPart> }) {
  const { state, copy } = useCopy(value)
  const m = t.messages.address
  return (
    <>
      <button type="button" className="bf-copy" onClick={copy} aria-label={t.format(m.copy, { address: value })} data-state={state}>
        <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="12" height="12">
          {state === 'copied'
            ? <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.8" />
            : <path d="M5 2h7a1 1 0 0 1 1 1v8h-1.5V3.5H5zM3 5h6.5a1 1 0 0 1 1 1v7.5a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm.5 1.5v6.5H9V6.5z" fill="currentColor" />}
        </svg>
      </button>
      <span className="bf-visually-hidden" role="status">
        {state === 'copied' ? m.copied : state === 'failed' ? m.copyFailed : ''}
      </span>
    </>
  )
}
