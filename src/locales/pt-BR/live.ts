import type { LivePart } from '../../i18n/types.js'

/** Portuguese (Brazil), live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: 'Pendente',
    titleOnChain: 'Pendente em {chain}',
    status: {
      pending: 'Enviando',
      confirming: 'Confirmando',
      confirmed: 'Confirmada',
      failed: 'Falhou',
      replaced: 'Substituída',
      dropped: 'Descartada',
    },
    announce: {
      confirmed: 'Transação confirmada: {transaction}',
      failed: 'Falha na transação: {transaction}',
      replaced: 'Transação substituída: {transaction}',
      dropped: 'Transação descartada: {transaction}',
    },
    to: 'Para {party}',
    confirmations: {
      one: '{count} de {target} confirmações',
      many: '{count} de {target} confirmações',
      other: '{count} de {target} confirmações',
    },
    replacedBy: 'por {hash}',
    view: 'Ver no explorador',
    viewHidden: 'transação {hash}',
    hashHidden: '({hash})',
    sendAgain: 'Enviar novamente',
    dismiss: 'Dispensar',
    dismissLabel: 'Dispensar {transaction}',
    sendFailed: 'Não foi possível enviar novamente: {reason}',
    droppedReason: 'A rede não conhece mais esta transação; ela nunca foi incluída em um bloco.',
  },
  tracked: {
    sending: {
      transfer: 'Enviando {amount} para {to}',
      transferAnywhere: 'Enviando {amount}',
      call: 'Chamando {to}',
      callWithValue: 'Chamando {to} com {amount}',
      deploy: 'Implantando um contrato',
      unknown: 'Enviando uma transação',
    },
    sent: {
      transfer: 'Você enviou {amount} para {to}',
      transferAnywhere: 'Você enviou {amount}',
      call: 'Você chamou {to}',
      callWithValue: 'Você chamou {to} com {amount}',
      deploy: 'Você implantou um contrato',
      unknown: 'Transação enviada',
    },
    ended: {
      transfer: 'Enviar {amount} para {to}',
      transferAnywhere: 'Enviar {amount}',
      call: 'Chamar {to}',
      callWithValue: 'Chamar {to} com {amount}',
      deploy: 'Implantar um contrato',
      unknown: 'Transação',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount} do token {token}',
  },
  notices: {
    list: 'Redes que não carregaram',
    requestFailed: 'a solicitação falhou',
    failed: 'Não foi possível carregar o histórico de {chain}: {reason}',
    failedFor: 'Não foi possível carregar o histórico de {chain} para {wallet}: {reason}',
    retry: 'Tentar novamente',
    retryLabel: 'Tentar novamente: {chain}',
    retryLabelFor: 'Tentar novamente: {chain} para {wallet}',
  },
}

export default live
