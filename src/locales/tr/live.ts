import type { LivePart } from '../../i18n/types.js'

/** Turkish, live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: 'Bekleyenler',
    titleOnChain: '{chain} ağında bekleyenler',
    status: {
      pending: 'Gönderiliyor',
      confirming: 'Onaylanıyor',
      confirmed: 'Onaylandı',
      failed: 'Başarısız',
      replaced: 'Değiştirildi',
      dropped: 'Düşürüldü',
    },
    announce: {
      confirmed: 'İşlem onaylandı: {transaction}',
      failed: 'İşlem başarısız oldu: {transaction}',
      replaced: 'İşlem değiştirildi: {transaction}',
      dropped: 'İşlem düşürüldü: {transaction}',
    },
    to: 'Alıcı: {party}',
    confirmations: {
      one: '{count}/{target} onay',
      other: '{count}/{target} onay',
    },
    replacedBy: 'yerine geçen: {hash}',
    view: 'Gezginde görüntüle',
    viewHidden: '{hash} işlemi',
    hashHidden: '({hash})',
    sendAgain: 'Yeniden gönder',
    dismiss: 'Kapat',
    dismissLabel: 'Kapat: {transaction}',
    sendFailed: 'Yeniden gönderilemedi: {reason}',
    droppedReason: 'Ağ artık bu işlemi tanımıyor; işlem hiçbir bloğa girmedi.',
  },
  tracked: {
    sending: {
      transfer: '{to} adresine {amount} gönderiliyor',
      transferAnywhere: '{amount} gönderiliyor',
      call: '{to} çağrılıyor',
      callWithValue: '{to}, {amount} ile çağrılıyor',
      deploy: 'Sözleşme dağıtılıyor',
      unknown: 'İşlem gönderiliyor',
    },
    sent: {
      transfer: '{to} adresine {amount} gönderildi',
      transferAnywhere: '{amount} gönderildi',
      call: '{to} çağrıldı',
      callWithValue: '{to}, {amount} ile çağrıldı',
      deploy: 'Sözleşme dağıtıldı',
      unknown: 'İşlem gönderildi',
    },
    ended: {
      transfer: '{to} adresine {amount} gönderimi',
      transferAnywhere: '{amount} gönderimi',
      call: '{to} çağrısı',
      callWithValue: '{amount} ile {to} çağrısı',
      deploy: 'Sözleşme dağıtımı',
      unknown: 'İşlem',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount} (token: {token})',
  },
  notices: {
    list: 'Yüklenemeyen ağlar',
    requestFailed: 'istek başarısız oldu',
    failed: '{chain} geçmişi yüklenemedi: {reason}',
    failedFor: '{wallet} için {chain} geçmişi yüklenemedi: {reason}',
    retry: 'Tekrar dene',
    retryLabel: 'Tekrar dene: {chain}',
    retryLabelFor: 'Tekrar dene: {chain}, {wallet}',
  },
}

export default live
