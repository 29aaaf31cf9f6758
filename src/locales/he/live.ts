import type { LivePart } from '../../i18n/types.js'

/** Hebrew, live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: 'בהמתנה',
    titleOnChain: 'בהמתנה ברשת {chain}',
    status: {
      pending: 'בשליחה',
      confirming: 'באימות',
      confirmed: 'אושרה',
      failed: 'נכשלה',
      replaced: 'הוחלפה',
      dropped: 'נשמטה',
    },
    announce: {
      confirmed: 'העסקה אושרה: {transaction}',
      failed: 'העסקה נכשלה: {transaction}',
      replaced: 'העסקה הוחלפה: {transaction}',
      dropped: 'העסקה נשמטה: {transaction}',
    },
    to: 'אל {party}',
    confirmations: {
      one: '{count} מתוך {target} אישורים',
      two: '{count} מתוך {target} אישורים',
      other: '{count} מתוך {target} אישורים',
    },
    replacedBy: 'בעסקה {hash}',
    view: 'הצגה בסייר',
    viewHidden: 'עסקה {hash}',
    hashHidden: '({hash})',
    sendAgain: 'שליחה חוזרת',
    dismiss: 'סגירה',
    dismissLabel: 'סגירה: {transaction}',
    sendFailed: 'השליחה החוזרת נכשלה: {reason}',
    droppedReason: 'הרשת כבר לא מכירה את העסקה הזו; היא מעולם לא נכללה בבלוק.',
  },
  tracked: {
    sending: {
      transfer: 'מתבצעת שליחה של {amount} אל {to}',
      transferAnywhere: 'מתבצעת שליחה של {amount}',
      call: 'מתבצעת קריאה ל-{to}',
      callWithValue: 'מתבצעת קריאה ל-{to} עם {amount}',
      deploy: 'מתבצעת פריסה של חוזה',
      unknown: 'העסקה נשלחת',
    },
    sent: {
      transfer: 'נשלח {amount} אל {to}',
      transferAnywhere: 'נשלח {amount}',
      call: 'בוצעה קריאה ל-{to}',
      callWithValue: 'בוצעה קריאה ל-{to} עם {amount}',
      deploy: 'חוזה נפרס',
      unknown: 'העסקה נשלחה',
    },
    ended: {
      transfer: 'שליחת {amount} אל {to}',
      transferAnywhere: 'שליחת {amount}',
      call: 'קריאה ל-{to}',
      callWithValue: 'קריאה ל-{to} עם {amount}',
      deploy: 'פריסת חוזה',
      unknown: 'עסקה',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount} של הטוקן {token}',
  },
  notices: {
    list: 'רשתות שלא נטענו',
    requestFailed: 'הבקשה נכשלה',
    failed: 'לא ניתן היה לטעון את ההיסטוריה ברשת {chain}: {reason}',
    failedFor: 'לא ניתן היה לטעון את ההיסטוריה של {wallet} ברשת {chain}: {reason}',
    retry: 'ניסיון חוזר',
    retryLabel: 'ניסיון חוזר: {chain}',
    retryLabelFor: 'ניסיון חוזר: {chain} עבור {wallet}',
  },
}

export default live
