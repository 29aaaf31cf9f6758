import type { LivePart } from '../../i18n/types.js'

/** Russian, live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: 'В ожидании',
    titleOnChain: 'В ожидании в сети {chain}',
    status: {
      pending: 'Отправка',
      confirming: 'Подтверждение',
      confirmed: 'Подтверждено',
      failed: 'Ошибка',
      replaced: 'Заменено',
      dropped: 'Отброшено',
    },
    announce: {
      confirmed: 'Транзакция подтверждена: {transaction}',
      failed: 'Транзакция не выполнена: {transaction}',
      replaced: 'Транзакция заменена: {transaction}',
      dropped: 'Транзакция отброшена: {transaction}',
    },
    to: 'Кому: {party}',
    confirmations: {
      one: 'Подтверждений: {count} из {target}',
      few: 'Подтверждений: {count} из {target}',
      many: 'Подтверждений: {count} из {target}',
      other: 'Подтверждений: {count} из {target}',
    },
    replacedBy: 'транзакцией {hash}',
    view: 'Открыть в обозревателе',
    viewHidden: 'транзакция {hash}',
    hashHidden: '({hash})',
    sendAgain: 'Отправить снова',
    dismiss: 'Закрыть',
    dismissLabel: 'Закрыть: {transaction}',
    sendFailed: 'Не удалось отправить снова: {reason}',
    droppedReason: 'Сеть больше не знает об этой транзакции; она так и не попала в блок.',
  },
  tracked: {
    sending: {
      transfer: 'Отправка {amount} на {to}',
      transferAnywhere: 'Отправка {amount}',
      call: 'Вызов {to}',
      callWithValue: 'Вызов {to} с отправкой {amount}',
      deploy: 'Развёртывание контракта',
      unknown: 'Отправка транзакции',
    },
    sent: {
      transfer: 'Отправлено {amount} на {to}',
      transferAnywhere: 'Отправлено {amount}',
      call: 'Выполнен вызов {to}',
      callWithValue: 'Выполнен вызов {to} с отправкой {amount}',
      deploy: 'Контракт развёрнут',
      unknown: 'Транзакция отправлена',
    },
    ended: {
      transfer: 'Отправка {amount} на {to}',
      transferAnywhere: 'Отправка {amount}',
      call: 'Вызов {to}',
      callWithValue: 'Вызов {to} с отправкой {amount}',
      deploy: 'Развёртывание контракта',
      unknown: 'Транзакция',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount} (токен {token})',
  },
  notices: {
    list: 'Сети, которые не удалось загрузить',
    requestFailed: 'запрос не выполнен',
    failed: 'Не удалось загрузить историю в сети {chain}: {reason}',
    failedFor: 'Не удалось загрузить историю {wallet} в сети {chain}: {reason}',
    retry: 'Повторить',
    retryLabel: 'Повторить: {chain}',
    retryLabelFor: 'Повторить: {chain}, {wallet}',
  },
}

export default live
