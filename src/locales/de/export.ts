import type { ExportPart } from '../../i18n/types.js'

/** German, export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: 'Abbrechen',
    exporting: 'Verlauf wird exportiert',
    starting: 'Wird gestartet…',
    transactions: {
      one: '{count} Transaktion',
      other: '{count} Transaktionen',
    },
    upTo: '{transactions}, bis {date}',
    saved: {
      one: '{count} Zeile gespeichert',
      other: '{count} Zeilen gespeichert',
    },
    cancelled: 'Export abgebrochen',
    stopped: 'Export angehalten ({progress})',
    stoppedBecause: 'Export angehalten ({progress}): {reason}',
    nothing: 'keine Transaktionen',
  },
  csv: {
    hash: 'Transaktions-Hash',
    timestamp: 'Zeit (UTC)',
    block_number: 'Block',
    chain: 'Netzwerk',
    category: 'Kategorie',
    kind: 'Art',
    direction: 'Richtung',
    from: 'Von',
    to: 'An',
    counterparty: 'Gegenpartei',
    token_address: 'Token-Vertrag',
    token_symbol: 'Token-Symbol',
    token_decimals: 'Token-Dezimalstellen',
    token_id: 'Token-ID',
    amount: 'Betrag (Roheinheiten)',
    amount_decimal: 'Betrag',
    fee_wei: 'Gebühr (wei)',
    fee: 'Gebühr',
    status: 'Status',
    possible_spam: 'Möglicher Spam',
  },
}

export default exportPart
