import type { LivePart } from '../../i18n/types.js'

/** Hindi, live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: 'लंबित',
    titleOnChain: '{chain} पर लंबित',
    status: {
      pending: 'भेजा जा रहा है',
      confirming: 'पुष्टि हो रही है',
      confirmed: 'पुष्टि हुई',
      failed: 'विफल',
      replaced: 'बदला गया',
      dropped: 'हटा दिया गया',
    },
    announce: {
      confirmed: 'लेनदेन की पुष्टि हुई: {transaction}',
      failed: 'लेनदेन विफल: {transaction}',
      replaced: 'लेनदेन बदला गया: {transaction}',
      dropped: 'लेनदेन हटा दिया गया: {transaction}',
    },
    to: '{party} को',
    confirmations: {
      one: '{target} में से {count} पुष्टि',
      other: '{target} में से {count} पुष्टियाँ',
    },
    replacedBy: '{hash} द्वारा',
    view: 'एक्सप्लोरर पर देखें',
    viewHidden: 'लेनदेन {hash}',
    hashHidden: '({hash})',
    sendAgain: 'फिर से भेजें',
    dismiss: 'हटाएँ',
    dismissLabel: '{transaction} हटाएँ',
    sendFailed: 'फिर से नहीं भेजा जा सका: {reason}',
    droppedReason: 'नेटवर्क अब इस लेनदेन को नहीं जानता; यह कभी किसी ब्लॉक में शामिल नहीं हुआ।',
  },
  tracked: {
    sending: {
      transfer: '{to} को {amount} भेजा जा रहा है',
      transferAnywhere: '{amount} भेजा जा रहा है',
      call: '{to} को कॉल किया जा रहा है',
      callWithValue: '{amount} के साथ {to} को कॉल किया जा रहा है',
      deploy: 'कॉन्ट्रैक्ट डिप्लॉय किया जा रहा है',
      unknown: 'लेनदेन भेजा जा रहा है',
    },
    sent: {
      transfer: '{to} को {amount} भेजा गया',
      transferAnywhere: '{amount} भेजा गया',
      call: '{to} को कॉल किया गया',
      callWithValue: '{amount} के साथ {to} को कॉल किया गया',
      deploy: 'कॉन्ट्रैक्ट डिप्लॉय किया गया',
      unknown: 'लेनदेन भेजा गया',
    },
    ended: {
      transfer: '{to} को {amount} भेजना',
      transferAnywhere: '{amount} भेजना',
      call: '{to} को कॉल करना',
      callWithValue: '{amount} के साथ {to} को कॉल करना',
      deploy: 'कॉन्ट्रैक्ट डिप्लॉय करना',
      unknown: 'लेनदेन',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount} (टोकन {token})',
  },
  notices: {
    list: 'जो चेन लोड नहीं हो सकीं',
    requestFailed: 'अनुरोध विफल रहा',
    failed: '{chain} का इतिहास लोड नहीं हो सका: {reason}',
    failedFor: '{wallet} के लिए {chain} का इतिहास लोड नहीं हो सका: {reason}',
    retry: 'फिर से कोशिश करें',
    retryLabel: 'फिर से कोशिश करें: {chain}',
    retryLabelFor: 'फिर से कोशिश करें: {wallet} के लिए {chain}',
  },
}

export default live
