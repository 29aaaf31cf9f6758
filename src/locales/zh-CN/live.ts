import type { LivePart } from '../../i18n/types.js'

/** Chinese (Simplified), live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: '待处理',
    titleOnChain: '{chain} 上待处理',
    status: {
      pending: '发送中',
      confirming: '确认中',
      confirmed: '已确认',
      failed: '失败',
      replaced: '已替换',
      dropped: '已丢弃',
    },
    announce: {
      confirmed: '交易已确认：{transaction}',
      failed: '交易失败：{transaction}',
      replaced: '交易已被替换：{transaction}',
      dropped: '交易已丢弃：{transaction}',
    },
    to: '至 {party}',
    confirmations: {
      other: '{count}/{target} 个确认',
    },
    replacedBy: '被 {hash} 替换',
    view: '在区块浏览器中查看',
    viewHidden: '交易 {hash}',
    hashHidden: '（{hash}）',
    sendAgain: '重新发送',
    dismiss: '关闭',
    dismissLabel: '关闭 {transaction}',
    sendFailed: '无法重新发送：{reason}',
    droppedReason: '网络已不再识别这笔交易，它从未被打包进区块。',
  },
  tracked: {
    sending: {
      transfer: '正在向 {to} 发送 {amount}',
      transferAnywhere: '正在发送 {amount}',
      call: '正在调用 {to}',
      callWithValue: '正在调用 {to}，附带 {amount}',
      deploy: '正在部署合约',
      unknown: '正在发送交易',
    },
    sent: {
      transfer: '已向 {to} 发送 {amount}',
      transferAnywhere: '已发送 {amount}',
      call: '已调用 {to}',
      callWithValue: '已调用 {to}，附带 {amount}',
      deploy: '已部署合约',
      unknown: '交易已发送',
    },
    ended: {
      transfer: '向 {to} 发送 {amount}',
      transferAnywhere: '发送 {amount}',
      call: '调用 {to}',
      callWithValue: '调用 {to}，附带 {amount}',
      deploy: '部署合约',
      unknown: '交易',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount}（代币 {token}）',
  },
  notices: {
    list: '加载失败的链',
    requestFailed: '请求失败',
    failed: '无法加载 {chain} 的历史记录：{reason}',
    failedFor: '无法加载 {wallet} 在 {chain} 上的历史记录：{reason}',
    retry: '重试',
    retryLabel: '重试：{chain}',
    retryLabelFor: '重试：{chain}（{wallet}）',
  },
}

export default live
