import type { ExportPart } from '../../i18n/types.js'

/** Chinese (Traditional), export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: '取消',
    exporting: '正在匯出紀錄',
    starting: '正在開始…',
    transactions: {
      other: '{count} 筆交易',
    },
    upTo: '{transactions}，截至 {date}',
    saved: {
      other: '已儲存 {count} 列',
    },
    cancelled: '匯出已取消',
    stopped: '匯出已停止（已完成 {progress}）',
    stoppedBecause: '匯出已停止（已完成 {progress}）：{reason}',
    nothing: '0 筆交易',
  },
  csv: {
    hash: '交易雜湊值',
    timestamp: '時間（UTC）',
    block_number: '區塊',
    chain: '鏈',
    category: '類別',
    kind: '類型',
    direction: '方向',
    from: '傳送方',
    to: '接收方',
    counterparty: '交易對象',
    token_address: '代幣合約',
    token_symbol: '代幣代號',
    token_decimals: '代幣小數位數',
    token_id: '代幣 ID',
    amount: '數量（原始單位）',
    amount_decimal: '數量',
    fee_wei: '手續費（wei）',
    fee: '手續費',
    status: '狀態',
    possible_spam: '疑似垃圾',
  },
}

export default exportPart
