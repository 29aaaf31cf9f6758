import type { ExportPart } from '../../i18n/types.js'

/** Italian, export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: 'Annulla',
    exporting: 'Esportazione della cronologia',
    starting: 'Avvio…',
    transactions: {
      one: '{count} transazione',
      many: '{count} di transazioni',
      other: '{count} transazioni',
    },
    upTo: '{transactions}, fino al {date}',
    saved: {
      one: '{count} riga salvata',
      many: '{count} di righe salvate',
      other: '{count} righe salvate',
    },
    cancelled: 'Esportazione annullata',
    stopped: 'Esportazione interrotta ({progress})',
    stoppedBecause: 'Esportazione interrotta ({progress}): {reason}',
    nothing: 'nessuna transazione',
  },
  csv: {
    hash: 'Hash della transazione',
    timestamp: 'Data e ora (UTC)',
    block_number: 'Blocco',
    chain: 'Rete',
    category: 'Categoria',
    kind: 'Tipo',
    direction: 'Direzione',
    from: 'Da',
    to: 'A',
    counterparty: 'Controparte',
    token_address: 'Contratto del token',
    token_symbol: 'Simbolo del token',
    token_decimals: 'Decimali del token',
    token_id: 'ID del token',
    amount: 'Importo (unità grezze)',
    amount_decimal: 'Importo',
    fee_wei: 'Commissione (wei)',
    fee: 'Commissione',
    status: 'Stato',
    possible_spam: 'Possibile spam',
  },
}

export default exportPart
