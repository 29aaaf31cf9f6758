import type { LivePart } from '../../i18n/types.js'

/** French, live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: 'En attente',
    titleOnChain: 'En attente sur {chain}',
    status: {
      pending: 'Envoi en cours',
      confirming: 'Confirmation en cours',
      confirmed: 'Confirmée',
      failed: 'Échouée',
      replaced: 'Remplacée',
      dropped: 'Abandonnée',
    },
    announce: {
      confirmed: 'Transaction confirmée : {transaction}',
      failed: 'Transaction échouée : {transaction}',
      replaced: 'Transaction remplacée : {transaction}',
      dropped: 'Transaction abandonnée : {transaction}',
    },
    to: 'À {party}',
    confirmations: {
      one: '{count} confirmation sur {target}',
      many: '{count} de confirmations sur {target}',
      other: '{count} confirmations sur {target}',
    },
    replacedBy: 'par {hash}',
    view: 'Voir dans l’explorateur',
    viewHidden: 'transaction {hash}',
    hashHidden: '({hash})',
    sendAgain: 'Renvoyer',
    dismiss: 'Ignorer',
    dismissLabel: 'Ignorer {transaction}',
    sendFailed: 'Impossible de la renvoyer : {reason}',
    droppedReason: 'Le réseau ne connaît plus cette transaction ; elle n’a jamais été incluse dans un bloc.',
  },
  tracked: {
    sending: {
      transfer: 'Envoi de {amount} à {to} en cours',
      transferAnywhere: 'Envoi de {amount} en cours',
      call: 'Appel à {to} en cours',
      callWithValue: 'Appel à {to} avec {amount} en cours',
      deploy: 'Déploiement d’un contrat en cours',
      unknown: 'Envoi d’une transaction en cours',
    },
    sent: {
      transfer: 'Vous avez envoyé {amount} à {to}',
      transferAnywhere: 'Vous avez envoyé {amount}',
      call: 'Vous avez appelé {to}',
      callWithValue: 'Vous avez appelé {to} avec {amount}',
      deploy: 'Vous avez déployé un contrat',
      unknown: 'Transaction envoyée',
    },
    ended: {
      transfer: 'Envoi de {amount} à {to}',
      transferAnywhere: 'Envoi de {amount}',
      call: 'Appel à {to}',
      callWithValue: 'Appel à {to} avec {amount}',
      deploy: 'Déploiement d’un contrat',
      unknown: 'Transaction',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount} du jeton {token}',
  },
  notices: {
    list: 'Réseaux dont le chargement a échoué',
    requestFailed: 'la requête a échoué',
    failed: 'Impossible de charger l’historique sur {chain} : {reason}',
    failedFor: 'Impossible de charger l’historique sur {chain} pour {wallet} : {reason}',
    retry: 'Réessayer',
    retryLabel: 'Réessayer : {chain}',
    retryLabelFor: 'Réessayer : {chain} pour {wallet}',
  },
}

export default live
