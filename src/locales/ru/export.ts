import type { ExportPart } from '../../i18n/types.js'

/** Russian, export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: 'Отмена',
    exporting: 'Экспорт истории',
    starting: 'Начинаем…',
    transactions: {
      one: '{count} транзакция',
      few: '{count} транзакции',
      many: '{count} транзакций',
      other: '{count} транзакции',
    },
    upTo: '{transactions}, вплоть до {date}',
    saved: {
      one: 'Сохранена {count} строка',
      few: 'Сохранено {count} строки',
      many: 'Сохранено {count} строк',
      other: 'Сохранено {count} строки',
    },
    cancelled: 'Экспорт отменён',
    stopped: 'Экспорт остановлен ({progress})',
    stoppedBecause: 'Экспорт остановлен ({progress}): {reason}',
    nothing: 'нет транзакций',
  },
  csv: {
    hash: 'Хеш транзакции',
    timestamp: 'Время (UTC)',
    block_number: 'Блок',
    chain: 'Сеть',
    category: 'Категория',
    kind: 'Тип',
    direction: 'Направление',
    from: 'От',
    to: 'Кому',
    counterparty: 'Контрагент',
    token_address: 'Контракт токена',
    token_symbol: 'Символ токена',
    token_decimals: 'Знаков после запятой',
    token_id: 'ID токена',
    amount: 'Сумма (в минимальных единицах)',
    amount_decimal: 'Сумма',
    fee_wei: 'Комиссия (wei)',
    fee: 'Комиссия',
    status: 'Статус',
    possible_spam: 'Возможный спам',
  },
}

export default exportPart
