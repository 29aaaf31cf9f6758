import type { ExportPart } from '../../i18n/types.js'

/** Polish, export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: 'Anuluj',
    exporting: 'Eksportowanie historii',
    starting: 'Rozpoczynanie…',
    transactions: {
      one: '{count} transakcja',
      few: '{count} transakcje',
      many: '{count} transakcji',
      other: '{count} transakcji',
    },
    upTo: '{transactions}, do {date}',
    saved: {
      one: 'Zapisano {count} wiersz',
      few: 'Zapisano {count} wiersze',
      many: 'Zapisano {count} wierszy',
      other: 'Zapisano {count} wiersza',
    },
    cancelled: 'Eksport anulowany',
    stopped: 'Eksport zatrzymany ({progress})',
    stoppedBecause: 'Eksport zatrzymany ({progress}): {reason}',
    nothing: 'brak transakcji',
  },
  csv: {
    hash: 'Hash transakcji',
    timestamp: 'Czas (UTC)',
    block_number: 'Blok',
    chain: 'Sieć',
    category: 'Kategoria',
    kind: 'Rodzaj',
    direction: 'Kierunek',
    from: 'Od',
    to: 'Do',
    counterparty: 'Kontrahent',
    token_address: 'Kontrakt tokena',
    token_symbol: 'Symbol tokena',
    token_decimals: 'Miejsca dziesiętne tokena',
    token_id: 'ID tokena',
    amount: 'Kwota (jednostki surowe)',
    amount_decimal: 'Kwota',
    fee_wei: 'Opłata (wei)',
    fee: 'Opłata',
    status: 'Status',
    possible_spam: 'Możliwy spam',
  },
}

export default exportPart
