import type { LivePart } from '../../i18n/types.js'

/** Ukrainian, live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: 'Очікує',
    titleOnChain: 'Очікує в мережі {chain}',
    status: {
      pending: 'Надсилання',
      confirming: 'Підтвердження',
      confirmed: 'Підтверджено',
      failed: 'Помилка',
      replaced: 'Замінено',
      dropped: 'Відкинуто',
    },
    announce: {
      confirmed: 'Транзакцію підтверджено: {transaction}',
      failed: 'Транзакція не вдалася: {transaction}',
      replaced: 'Транзакцію замінено: {transaction}',
      dropped: 'Транзакцію відкинуто: {transaction}',
    },
    to: 'Кому: {party}',
    confirmations: {
      one: 'Підтверджень: {count} з {target}',
      few: 'Підтверджень: {count} з {target}',
      many: 'Підтверджень: {count} з {target}',
      other: 'Підтверджень: {count} з {target}',
    },
    replacedBy: 'транзакцією {hash}',
    view: 'Переглянути в оглядачі',
    viewHidden: 'транзакція {hash}',
    hashHidden: '({hash})',
    sendAgain: 'Надіслати знову',
    dismiss: 'Закрити',
    dismissLabel: 'Закрити: {transaction}',
    sendFailed: 'Не вдалося надіслати знову: {reason}',
    droppedReason: 'Мережа більше не знає про цю транзакцію; вона так і не потрапила до блоку.',
  },
  tracked: {
    sending: {
      transfer: 'Надсилання {amount} на {to}',
      transferAnywhere: 'Надсилання {amount}',
      call: 'Виклик {to}',
      callWithValue: 'Виклик {to} з надсиланням {amount}',
      deploy: 'Розгортання контракту',
      unknown: 'Надсилання транзакції',
    },
    sent: {
      transfer: 'Надіслано {amount} на {to}',
      transferAnywhere: 'Надіслано {amount}',
      call: 'Виконано виклик {to}',
      callWithValue: 'Виконано виклик {to} з надсиланням {amount}',
      deploy: 'Контракт розгорнуто',
      unknown: 'Транзакцію надіслано',
    },
    ended: {
      transfer: 'Надсилання {amount} на {to}',
      transferAnywhere: 'Надсилання {amount}',
      call: 'Виклик {to}',
      callWithValue: 'Виклик {to} з надсиланням {amount}',
      deploy: 'Розгортання контракту',
      unknown: 'Транзакція',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount} (токен {token})',
  },
  notices: {
    list: 'Мережі, які не вдалося завантажити',
    requestFailed: 'запит не вдався',
    failed: 'Не вдалося завантажити історію в мережі {chain}: {reason}',
    failedFor: 'Не вдалося завантажити історію {wallet} у мережі {chain}: {reason}',
    retry: 'Спробувати ще раз',
    retryLabel: 'Спробувати ще раз: {chain}',
    retryLabelFor: 'Спробувати ще раз: {chain}, {wallet}',
  },
}

export default live
