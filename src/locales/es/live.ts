import type { LivePart } from '../../i18n/types.js'

/** Spanish, live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: 'Pendiente',
    titleOnChain: 'Pendiente en {chain}',
    status: {
      pending: 'Enviando',
      confirming: 'Confirmando',
      confirmed: 'Confirmada',
      failed: 'Fallida',
      replaced: 'Reemplazada',
      dropped: 'Descartada',
    },
    announce: {
      confirmed: 'Transacción confirmada: {transaction}',
      failed: 'Transacción fallida: {transaction}',
      replaced: 'Transacción reemplazada: {transaction}',
      dropped: 'Transacción descartada: {transaction}',
    },
    to: 'Para {party}',
    confirmations: {
      one: '{count} de {target} confirmaciones',
      many: '{count} de {target} confirmaciones',
      other: '{count} de {target} confirmaciones',
    },
    replacedBy: 'por {hash}',
    view: 'Ver en el explorador',
    viewHidden: 'transacción {hash}',
    hashHidden: '({hash})',
    sendAgain: 'Enviar de nuevo',
    dismiss: 'Ocultar',
    dismissLabel: 'Ocultar {transaction}',
    sendFailed: 'No se pudo volver a enviar: {reason}',
    droppedReason: 'La red ya no conoce esta transacción; nunca se incluyó en un bloque.',
  },
  tracked: {
    sending: {
      transfer: 'Enviando {amount} a {to}',
      transferAnywhere: 'Enviando {amount}',
      call: 'Llamando a {to}',
      callWithValue: 'Llamando a {to} con {amount}',
      deploy: 'Desplegando un contrato',
      unknown: 'Enviando una transacción',
    },
    sent: {
      transfer: 'Enviaste {amount} a {to}',
      transferAnywhere: 'Enviaste {amount}',
      call: 'Llamaste a {to}',
      callWithValue: 'Llamaste a {to} con {amount}',
      deploy: 'Desplegaste un contrato',
      unknown: 'Transacción enviada',
    },
    ended: {
      transfer: 'Envío de {amount} a {to}',
      transferAnywhere: 'Envío de {amount}',
      call: 'Llamada a {to}',
      callWithValue: 'Llamada a {to} con {amount}',
      deploy: 'Despliegue de un contrato',
      unknown: 'Transacción',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount} del token {token}',
  },
  notices: {
    list: 'Redes que no se pudieron cargar',
    requestFailed: 'la solicitud falló',
    failed: 'No se pudo cargar el historial de {chain}: {reason}',
    failedFor: 'No se pudo cargar el historial de {chain} para {wallet}: {reason}',
    retry: 'Reintentar',
    retryLabel: 'Reintentar: {chain}',
    retryLabelFor: 'Reintentar: {chain} para {wallet}',
  },
}

export default live
