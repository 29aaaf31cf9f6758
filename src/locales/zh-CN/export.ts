import type { ExportPart } from '../../i18n/types.js'

/** Chinese (Simplified), export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: '取消',
    exporting: '正在导出历史记录',
    starting: '正在开始…',
    transactions: {
      other: '{count} 笔交易',
    },
    upTo: '{transactions}，截至 {date}',
    saved: {
      other: '已保存 {count} 行',
    },
    cancelled: '导出已取消',
    stopped: '导出已停止（已完成 {progress}）',
    stoppedBecause: '导出已停止（已完成 {progress}）：{reason}',
    nothing: '0 笔交易',
  },
  csv: {
    hash: '交易哈希',
    timestamp: '时间（UTC）',
    block_number: '区块',
    chain: '链',
    category: '类别',
    kind: '类型',
    direction: '方向',
    from: '发送方',
    to: '接收方',
    counterparty: '对方',
    token_address: '代币合约',
    token_symbol: '代币符号',
    token_decimals: '代币小数位数',
    token_id: '代币 ID',
    amount: '数量（原始单位）',
    amount_decimal: '数量',
    fee_wei: '手续费（wei）',
    fee: '手续费',
    status: '状态',
    possible_spam: '疑似垃圾',
  },
}

export default exportPart
