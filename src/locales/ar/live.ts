import type { LivePart } from '../../i18n/types.js'

/** Arabic, live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: 'قيد الانتظار',
    titleOnChain: 'قيد الانتظار على {chain}',
    status: {
      pending: 'جارٍ الإرسال',
      confirming: 'جارٍ التأكيد',
      confirmed: 'تم التأكيد',
      failed: 'فشلت',
      replaced: 'تم الاستبدال',
      dropped: 'تم الإسقاط',
    },
    announce: {
      confirmed: 'تم تأكيد المعاملة: {transaction}',
      failed: 'فشلت المعاملة: {transaction}',
      replaced: 'تم استبدال المعاملة: {transaction}',
      dropped: 'تم إسقاط المعاملة: {transaction}',
    },
    to: 'إلى {party}',
    confirmations: {
      zero: 'التأكيدات: {count} من {target}',
      one: 'التأكيدات: {count} من {target}',
      two: 'التأكيدات: {count} من {target}',
      few: 'التأكيدات: {count} من {target}',
      many: 'التأكيدات: {count} من {target}',
      other: 'التأكيدات: {count} من {target}',
    },
    replacedBy: 'بالمعاملة {hash}',
    view: 'عرض في المستكشف',
    viewHidden: 'المعاملة {hash}',
    hashHidden: '({hash})',
    sendAgain: 'إعادة الإرسال',
    dismiss: 'إغلاق',
    dismissLabel: 'إغلاق: {transaction}',
    sendFailed: 'تعذّرت إعادة الإرسال: {reason}',
    droppedReason: 'لم تعد الشبكة تعرف هذه المعاملة؛ لم تُضمَّن في أي كتلة.',
  },
  tracked: {
    sending: {
      transfer: 'جارٍ إرسال {amount} إلى {to}',
      transferAnywhere: 'جارٍ إرسال {amount}',
      call: 'جارٍ استدعاء {to}',
      callWithValue: 'جارٍ استدعاء {to} مع إرسال {amount}',
      deploy: 'جارٍ نشر عقد',
      unknown: 'جارٍ إرسال معاملة',
    },
    sent: {
      transfer: 'تم إرسال {amount} إلى {to}',
      transferAnywhere: 'تم إرسال {amount}',
      call: 'تم استدعاء {to}',
      callWithValue: 'تم استدعاء {to} مع إرسال {amount}',
      deploy: 'تم نشر عقد',
      unknown: 'تم إرسال المعاملة',
    },
    ended: {
      transfer: 'إرسال {amount} إلى {to}',
      transferAnywhere: 'إرسال {amount}',
      call: 'استدعاء {to}',
      callWithValue: 'استدعاء {to} مع إرسال {amount}',
      deploy: 'نشر عقد',
      unknown: 'معاملة',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount} من الرمز {token}',
  },
  notices: {
    list: 'الشبكات التي تعذّر تحميلها',
    requestFailed: 'فشل الطلب',
    failed: 'تعذّر تحميل سجل {chain}: {reason}',
    failedFor: 'تعذّر تحميل سجل {chain} للمحفظة {wallet}: {reason}',
    retry: 'إعادة المحاولة',
    retryLabel: 'إعادة المحاولة: {chain}',
    retryLabelFor: 'إعادة المحاولة: {chain} للمحفظة {wallet}',
  },
}

export default live
