import type { ExportPart } from '../../i18n/types.js'

/** Ukrainian, export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: 'Скасувати',
    exporting: 'Експорт історії',
    starting: 'Починаємо…',
    transactions: {
      one: '{count} транзакція',
      few: '{count} транзакції',
      many: '{count} транзакцій',
      other: '{count} транзакції',
    },
    upTo: '{transactions}, аж до {date}',
    saved: {
      one: 'Збережено {count} рядок',
      few: 'Збережено {count} рядки',
      many: 'Збережено {count} рядків',
      other: 'Збережено {count} рядка',
    },
    cancelled: 'Експорт скасовано',
    stopped: 'Експорт зупинено ({progress})',
    stoppedBecause: 'Експорт зупинено ({progress}): {reason}',
    nothing: 'немає транзакцій',
  },
  csv: {
    hash: 'Хеш транзакції',
    timestamp: 'Час (UTC)',
    block_number: 'Блок',
    chain: 'Мережа',
    category: 'Категорія',
    kind: 'Тип',
    direction: 'Напрямок',
    from: 'Від',
    to: 'Кому',
    counterparty: 'Контрагент',
    token_address: 'Контракт токена',
    token_symbol: 'Символ токена',
    token_decimals: 'Знаків після коми',
    token_id: 'ID токена',
    amount: 'Сума (у мінімальних одиницях)',
    amount_decimal: 'Сума',
    fee_wei: 'Комісія (wei)',
    fee: 'Комісія',
    status: 'Статус',
    possible_spam: 'Можливий спам',
  },
}

export default exportPart
