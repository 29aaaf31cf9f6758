import type { LivePart } from '../../i18n/types.js'

/** German, live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: 'Ausstehend',
    titleOnChain: 'Ausstehend auf {chain}',
    status: {
      pending: 'Wird gesendet',
      confirming: 'Wird bestätigt',
      confirmed: 'Bestätigt',
      failed: 'Fehlgeschlagen',
      replaced: 'Ersetzt',
      dropped: 'Verworfen',
    },
    announce: {
      confirmed: 'Transaktion bestätigt: {transaction}',
      failed: 'Transaktion fehlgeschlagen: {transaction}',
      replaced: 'Transaktion ersetzt: {transaction}',
      dropped: 'Transaktion verworfen: {transaction}',
    },
    to: 'An {party}',
    confirmations: {
      one: '{count} von {target} Bestätigungen',
      other: '{count} von {target} Bestätigungen',
    },
    replacedBy: 'durch {hash}',
    view: 'Im Explorer ansehen',
    viewHidden: 'Transaktion {hash}',
    hashHidden: '({hash})',
    sendAgain: 'Erneut senden',
    dismiss: 'Ausblenden',
    dismissLabel: '{transaction} ausblenden',
    sendFailed: 'Erneutes Senden fehlgeschlagen: {reason}',
    droppedReason: 'Das Netzwerk kennt diese Transaktion nicht mehr; sie wurde nie in einen Block aufgenommen.',
  },
  tracked: {
    sending: {
      transfer: '{amount} wird an {to} gesendet',
      transferAnywhere: '{amount} wird gesendet',
      call: '{to} wird aufgerufen',
      callWithValue: '{to} wird mit {amount} aufgerufen',
      deploy: 'Vertrag wird bereitgestellt',
      unknown: 'Transaktion wird gesendet',
    },
    sent: {
      transfer: '{amount} an {to} gesendet',
      transferAnywhere: '{amount} gesendet',
      call: '{to} aufgerufen',
      callWithValue: '{to} mit {amount} aufgerufen',
      deploy: 'Vertrag bereitgestellt',
      unknown: 'Transaktion gesendet',
    },
    ended: {
      transfer: '{amount} an {to} senden',
      transferAnywhere: '{amount} senden',
      call: '{to} aufrufen',
      callWithValue: '{to} mit {amount} aufrufen',
      deploy: 'Vertrag bereitstellen',
      unknown: 'Transaktion',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount} des Tokens {token}',
  },
  notices: {
    list: 'Netzwerke, die nicht geladen werden konnten',
    requestFailed: 'Anfrage fehlgeschlagen',
    failed: 'Verlauf auf {chain} konnte nicht geladen werden: {reason}',
    failedFor: 'Verlauf auf {chain} für {wallet} konnte nicht geladen werden: {reason}',
    retry: 'Erneut versuchen',
    retryLabel: 'Erneut versuchen: {chain}',
    retryLabelFor: 'Erneut versuchen: {chain} für {wallet}',
  },
}

export default live
