import type { ExportPart } from '../../i18n/types.js'

/** Hebrew, export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: 'ביטול',
    exporting: 'ההיסטוריה מיוצאת',
    starting: 'מתחילים…',
    transactions: {
      one: '{count} עסקה',
      two: '{count} עסקאות',
      other: '{count} עסקאות',
    },
    upTo: '{transactions}, עד {date}',
    saved: {
      one: 'נשמרה {count} שורה',
      two: 'נשמרו {count} שורות',
      other: 'נשמרו {count} שורות',
    },
    cancelled: 'הייצוא בוטל',
    stopped: 'הייצוא נעצר ({progress})',
    stoppedBecause: 'הייצוא נעצר ({progress}): {reason}',
    nothing: 'אין עסקאות',
  },
  csv: {
    hash: 'האש של העסקה',
    timestamp: 'זמן (UTC)',
    block_number: 'בלוק',
    chain: 'רשת',
    category: 'קטגוריה',
    kind: 'סוג',
    direction: 'כיוון',
    from: 'מאת',
    to: 'אל',
    counterparty: 'הצד השני',
    token_address: 'חוזה הטוקן',
    token_symbol: 'סמל הטוקן',
    token_decimals: 'ספרות עשרוניות של הטוקן',
    token_id: 'מזהה הטוקן',
    amount: 'סכום (יחידות גולמיות)',
    amount_decimal: 'סכום',
    fee_wei: 'עמלה (wei)',
    fee: 'עמלה',
    status: 'סטטוס',
    possible_spam: 'ספאם אפשרי',
  },
}

export default exportPart
