import type { ExportPart } from '../../i18n/types.js'

/** Spanish, export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: 'Cancelar',
    exporting: 'Exportando historial',
    starting: 'Iniciando…',
    transactions: {
      one: '{count} transacción',
      many: '{count} de transacciones',
      other: '{count} transacciones',
    },
    upTo: '{transactions}, hasta el {date}',
    saved: {
      one: '{count} fila guardada',
      many: '{count} de filas guardadas',
      other: '{count} filas guardadas',
    },
    cancelled: 'Exportación cancelada',
    stopped: 'Exportación detenida ({progress})',
    stoppedBecause: 'Exportación detenida ({progress}): {reason}',
    nothing: 'ninguna transacción',
  },
  csv: {
    hash: 'Hash de la transacción',
    timestamp: 'Fecha y hora (UTC)',
    block_number: 'Bloque',
    chain: 'Red',
    category: 'Categoría',
    kind: 'Tipo',
    direction: 'Sentido',
    from: 'De',
    to: 'Para',
    counterparty: 'Contraparte',
    token_address: 'Contrato del token',
    token_symbol: 'Símbolo del token',
    token_decimals: 'Decimales del token',
    token_id: 'ID del token',
    amount: 'Cantidad (unidades base)',
    amount_decimal: 'Cantidad',
    fee_wei: 'Comisión (wei)',
    fee: 'Comisión',
    status: 'Estado',
    possible_spam: 'Posible spam',
  },
}

export default exportPart
