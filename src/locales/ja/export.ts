import type { ExportPart } from '../../i18n/types.js'

/** Japanese, export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: 'キャンセル',
    exporting: '履歴をエクスポート中',
    starting: '開始しています…',
    transactions: {
      other: '{count}件のトランザクション',
    },
    upTo: '{transactions}（{date}まで）',
    saved: {
      other: '{count}行を保存しました',
    },
    cancelled: 'エクスポートをキャンセルしました',
    stopped: 'エクスポートは{progress}の時点で停止しました',
    stoppedBecause: 'エクスポートは{progress}の時点で停止しました：{reason}',
    nothing: 'トランザクション0件',
  },
  csv: {
    hash: 'トランザクションハッシュ',
    timestamp: '日時（UTC）',
    block_number: 'ブロック',
    chain: 'チェーン',
    category: 'カテゴリー',
    kind: '種類',
    direction: '方向',
    from: '送信元',
    to: '宛先',
    counterparty: '取引相手',
    token_address: 'トークンコントラクト',
    token_symbol: 'トークンシンボル',
    token_decimals: 'トークン小数桁数',
    token_id: 'トークンID',
    amount: '数量（最小単位）',
    amount_decimal: '数量',
    fee_wei: '手数料（wei）',
    fee: '手数料',
    status: 'ステータス',
    possible_spam: 'スパムの可能性',
  },
}

export default exportPart
