import type { ExportPart } from '../../i18n/types.js'

/** Turkish, export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: 'İptal',
    exporting: 'Geçmiş dışa aktarılıyor',
    starting: 'Başlatılıyor…',
    transactions: {
      one: '{count} işlem',
      other: '{count} işlem',
    },
    upTo: '{transactions}, {date} tarihine kadar',
    saved: {
      one: '{count} satır kaydedildi',
      other: '{count} satır kaydedildi',
    },
    cancelled: 'Dışa aktarma iptal edildi',
    stopped: 'Dışa aktarma durdu ({progress})',
    stoppedBecause: 'Dışa aktarma durdu ({progress}): {reason}',
    nothing: 'hiç işlem yok',
  },
  csv: {
    hash: 'İşlem hash’i',
    timestamp: 'Zaman (UTC)',
    block_number: 'Blok',
    chain: 'Ağ',
    category: 'Kategori',
    kind: 'Tür',
    direction: 'Yön',
    from: 'Gönderen',
    to: 'Alıcı',
    counterparty: 'Karşı taraf',
    token_address: 'Token sözleşmesi',
    token_symbol: 'Token sembolü',
    token_decimals: 'Token ondalık basamakları',
    token_id: 'Token kimliği',
    amount: 'Tutar (ham birim)',
    amount_decimal: 'Tutar',
    fee_wei: 'Ücret (wei)',
    fee: 'Ücret',
    status: 'Durum',
    possible_spam: 'Olası spam',
  },
}

export default exportPart
