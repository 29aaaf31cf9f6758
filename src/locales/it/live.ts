import type { LivePart } from '../../i18n/types.js'

/** Italian, live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: 'In sospeso',
    titleOnChain: 'In sospeso su {chain}',
    status: {
      pending: 'Invio in corso',
      confirming: 'Conferma in corso',
      confirmed: 'Confermata',
      failed: 'Non riuscita',
      replaced: 'Sostituita',
      dropped: 'Scartata',
    },
    announce: {
      confirmed: 'Transazione confermata: {transaction}',
      failed: 'Transazione non riuscita: {transaction}',
      replaced: 'Transazione sostituita: {transaction}',
      dropped: 'Transazione scartata: {transaction}',
    },
    to: 'A {party}',
    confirmations: {
      one: '{count} conferma su {target}',
      many: '{count} di conferme su {target}',
      other: '{count} conferme su {target}',
    },
    replacedBy: 'da {hash}',
    view: 'Visualizza nell’explorer',
    viewHidden: 'transazione {hash}',
    hashHidden: '({hash})',
    sendAgain: 'Invia di nuovo',
    dismiss: 'Chiudi',
    dismissLabel: 'Chiudi {transaction}',
    sendFailed: 'Impossibile inviarla di nuovo: {reason}',
    droppedReason: 'La rete non conosce più questa transazione; non è mai stata inclusa in un blocco.',
  },
  tracked: {
    sending: {
      transfer: 'Invio di {amount} a {to} in corso',
      transferAnywhere: 'Invio di {amount} in corso',
      call: 'Chiamata a {to} in corso',
      callWithValue: 'Chiamata a {to} con {amount} in corso',
      deploy: 'Distribuzione di un contratto in corso',
      unknown: 'Invio di una transazione in corso',
    },
    sent: {
      transfer: 'Hai inviato {amount} a {to}',
      transferAnywhere: 'Hai inviato {amount}',
      call: 'Hai chiamato {to}',
      callWithValue: 'Hai chiamato {to} con {amount}',
      deploy: 'Hai distribuito un contratto',
      unknown: 'Transazione inviata',
    },
    ended: {
      transfer: 'Invio di {amount} a {to}',
      transferAnywhere: 'Invio di {amount}',
      call: 'Chiamata a {to}',
      callWithValue: 'Chiamata a {to} con {amount}',
      deploy: 'Distribuzione di un contratto',
      unknown: 'Transazione',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount} del token {token}',
  },
  notices: {
    list: 'Reti non caricate',
    requestFailed: 'la richiesta non è riuscita',
    failed: 'Impossibile caricare la cronologia di {chain}: {reason}',
    failedFor: 'Impossibile caricare la cronologia di {chain} per {wallet}: {reason}',
    retry: 'Riprova',
    retryLabel: 'Riprova: {chain}',
    retryLabelFor: 'Riprova: {chain} per {wallet}',
  },
}

export default live
