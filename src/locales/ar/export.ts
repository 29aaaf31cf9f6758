import type { ExportPart } from '../../i18n/types.js'

/** Arabic, export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: 'إلغاء',
    exporting: 'جارٍ تصدير السجل',
    starting: 'جارٍ البدء…',
    transactions: {
      zero: '{count} معاملة',
      one: 'معاملة واحدة',
      two: 'معاملتان',
      few: '{count} معاملات',
      many: '{count} معاملة',
      other: '{count} معاملة',
    },
    upTo: '{transactions}، حتى {date}',
    saved: {
      zero: 'تم حفظ {count} صف',
      one: 'تم حفظ صف واحد',
      two: 'تم حفظ صفين',
      few: 'تم حفظ {count} صفوف',
      many: 'تم حفظ {count} صفًا',
      other: 'تم حفظ {count} صف',
    },
    cancelled: 'تم إلغاء التصدير',
    stopped: 'توقف التصدير ({progress})',
    stoppedBecause: 'توقف التصدير ({progress}): {reason}',
    nothing: 'لا معاملات',
  },
  csv: {
    hash: 'تجزئة المعاملة',
    timestamp: 'الوقت (UTC)',
    block_number: 'الكتلة',
    chain: 'الشبكة',
    category: 'الفئة',
    kind: 'النوع',
    direction: 'الاتجاه',
    from: 'من',
    to: 'إلى',
    counterparty: 'الطرف المقابل',
    token_address: 'عقد الرمز',
    token_symbol: 'اختصار الرمز',
    token_decimals: 'المنازل العشرية للرمز',
    token_id: 'معرّف الرمز',
    amount: 'المبلغ (وحدات خام)',
    amount_decimal: 'المبلغ',
    fee_wei: 'الرسوم (wei)',
    fee: 'الرسوم',
    status: 'الحالة',
    possible_spam: 'سبام محتمل',
  },
}

export default exportPart
