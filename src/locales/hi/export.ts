import type { ExportPart } from '../../i18n/types.js'

/** Hindi, export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: 'रद्द करें',
    exporting: 'इतिहास एक्सपोर्ट हो रहा है',
    starting: 'शुरू हो रहा है…',
    transactions: {
      one: '{count} लेनदेन',
      other: '{count} लेनदेन',
    },
    upTo: '{transactions}, {date} तक',
    saved: {
      one: '{count} पंक्ति सहेजी गई',
      other: '{count} पंक्तियाँ सहेजी गईं',
    },
    cancelled: 'एक्सपोर्ट रद्द किया गया',
    stopped: '{progress} के बाद एक्सपोर्ट रुक गया',
    stoppedBecause: '{progress} के बाद एक्सपोर्ट रुक गया: {reason}',
    nothing: '0 लेनदेन',
  },
  csv: {
    hash: 'लेनदेन हैश',
    timestamp: 'समय (UTC)',
    block_number: 'ब्लॉक',
    chain: 'चेन',
    category: 'श्रेणी',
    kind: 'प्रकार',
    direction: 'दिशा',
    from: 'भेजने वाला',
    to: 'प्राप्तकर्ता',
    counterparty: 'प्रतिपक्ष',
    token_address: 'टोकन कॉन्ट्रैक्ट',
    token_symbol: 'टोकन प्रतीक',
    token_decimals: 'टोकन दशमलव',
    token_id: 'टोकन ID',
    amount: 'राशि (मूल इकाइयाँ)',
    amount_decimal: 'राशि',
    fee_wei: 'शुल्क (wei)',
    fee: 'शुल्क',
    status: 'स्थिति',
    possible_spam: 'संभावित स्पैम',
  },
}

export default exportPart
