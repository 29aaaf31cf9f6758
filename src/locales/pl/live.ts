import type { LivePart } from '../../i18n/types.js'

/** Polish, live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: 'Oczekujące',
    titleOnChain: 'Oczekujące w sieci {chain}',
    status: {
      pending: 'Wysyłanie',
      confirming: 'Potwierdzanie',
      confirmed: 'Potwierdzona',
      failed: 'Nieudana',
      replaced: 'Zastąpiona',
      dropped: 'Porzucona',
    },
    announce: {
      confirmed: 'Transakcja potwierdzona: {transaction}',
      failed: 'Transakcja nieudana: {transaction}',
      replaced: 'Transakcja zastąpiona: {transaction}',
      dropped: 'Transakcja porzucona: {transaction}',
    },
    to: 'Do {party}',
    confirmations: {
      one: 'Potwierdzenia: {count} z {target}',
      few: 'Potwierdzenia: {count} z {target}',
      many: 'Potwierdzenia: {count} z {target}',
      other: 'Potwierdzenia: {count} z {target}',
    },
    replacedBy: 'przez {hash}',
    view: 'Zobacz w eksploratorze',
    viewHidden: 'transakcja {hash}',
    hashHidden: '({hash})',
    sendAgain: 'Wyślij ponownie',
    dismiss: 'Zamknij',
    dismissLabel: 'Zamknij {transaction}',
    sendFailed: 'Nie udało się wysłać ponownie: {reason}',
    droppedReason: 'Sieć nie zna już tej transakcji; nigdy nie trafiła do bloku.',
  },
  tracked: {
    sending: {
      transfer: 'Wysyłanie {amount} do {to}',
      transferAnywhere: 'Wysyłanie {amount}',
      call: 'Wywoływanie {to}',
      callWithValue: 'Wywoływanie {to} z kwotą {amount}',
      deploy: 'Wdrażanie kontraktu',
      unknown: 'Wysyłanie transakcji',
    },
    sent: {
      transfer: 'Wysłano {amount} do {to}',
      transferAnywhere: 'Wysłano {amount}',
      call: 'Wywołano {to}',
      callWithValue: 'Wywołano {to} z kwotą {amount}',
      deploy: 'Wdrożono kontrakt',
      unknown: 'Wysłano transakcję',
    },
    ended: {
      transfer: 'Wysłanie {amount} do {to}',
      transferAnywhere: 'Wysłanie {amount}',
      call: 'Wywołanie {to}',
      callWithValue: 'Wywołanie {to} z kwotą {amount}',
      deploy: 'Wdrożenie kontraktu',
      unknown: 'Transakcja',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount} tokena {token}',
  },
  notices: {
    list: 'Sieci, których nie udało się wczytać',
    requestFailed: 'żądanie nie powiodło się',
    failed: 'Nie udało się wczytać historii w sieci {chain}: {reason}',
    failedFor: 'Nie udało się wczytać historii portfela {wallet} w sieci {chain}: {reason}',
    retry: 'Spróbuj ponownie',
    retryLabel: 'Spróbuj ponownie: {chain}',
    retryLabelFor: 'Spróbuj ponownie: {chain} dla {wallet}',
  },
}

export default live
