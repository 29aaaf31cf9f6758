import type { ExportPart } from '../../i18n/types.js'

/** French, export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: 'Annuler',
    exporting: 'Export de l’historique',
    starting: 'Démarrage…',
    transactions: {
      one: '{count} transaction',
      many: '{count} de transactions',
      other: '{count} transactions',
    },
    upTo: '{transactions}, jusqu’au {date}',
    saved: {
      one: '{count} ligne enregistrée',
      many: '{count} de lignes enregistrées',
      other: '{count} lignes enregistrées',
    },
    cancelled: 'Export annulé',
    stopped: 'Export interrompu ({progress})',
    stoppedBecause: 'Export interrompu ({progress}) : {reason}',
    nothing: 'aucune transaction',
  },
  csv: {
    hash: 'Hash de la transaction',
    timestamp: 'Date et heure (UTC)',
    block_number: 'Bloc',
    chain: 'Réseau',
    category: 'Catégorie',
    kind: 'Type',
    direction: 'Sens',
    from: 'De',
    to: 'À',
    counterparty: 'Contrepartie',
    token_address: 'Contrat du jeton',
    token_symbol: 'Symbole du jeton',
    token_decimals: 'Décimales du jeton',
    token_id: 'ID du jeton',
    amount: 'Montant (unités brutes)',
    amount_decimal: 'Montant',
    fee_wei: 'Frais (wei)',
    fee: 'Frais',
    status: 'Statut',
    possible_spam: 'Spam potentiel',
  },
}

export default exportPart
