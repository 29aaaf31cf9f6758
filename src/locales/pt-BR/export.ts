import type { ExportPart } from '../../i18n/types.js'

/** Portuguese (Brazil), export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: 'Cancelar',
    exporting: 'Exportando histórico',
    starting: 'Iniciando…',
    transactions: {
      one: '{count} transação',
      many: '{count} de transações',
      other: '{count} transações',
    },
    upTo: '{transactions}, até {date}',
    saved: {
      one: '{count} linha salva',
      many: '{count} de linhas salvas',
      other: '{count} linhas salvas',
    },
    cancelled: 'Exportação cancelada',
    stopped: 'Exportação interrompida ({progress})',
    stoppedBecause: 'Exportação interrompida ({progress}): {reason}',
    nothing: 'nenhuma transação',
  },
  csv: {
    hash: 'Hash da transação',
    timestamp: 'Data e hora (UTC)',
    block_number: 'Bloco',
    chain: 'Rede',
    category: 'Categoria',
    kind: 'Tipo',
    direction: 'Direção',
    from: 'De',
    to: 'Para',
    counterparty: 'Contraparte',
    token_address: 'Contrato do token',
    token_symbol: 'Símbolo do token',
    token_decimals: 'Decimais do token',
    token_id: 'ID do token',
    amount: 'Valor (unidades brutas)',
    amount_decimal: 'Valor',
    fee_wei: 'Taxa (wei)',
    fee: 'Taxa',
    status: 'Status',
    possible_spam: 'Possível spam',
  },
}

export default exportPart
