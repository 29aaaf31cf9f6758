import type { LivePart } from '../../i18n/types.js'

/** Chinese (Traditional), live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: '待處理',
    titleOnChain: '{chain} 上待處理',
    status: {
      pending: '傳送中',
      confirming: '確認中',
      confirmed: '已確認',
      failed: '失敗',
      replaced: '已取代',
      dropped: '已捨棄',
    },
    announce: {
      confirmed: '交易已確認：{transaction}',
      failed: '交易失敗：{transaction}',
      replaced: '交易已被取代：{transaction}',
      dropped: '交易已捨棄：{transaction}',
    },
    to: '至 {party}',
    confirmations: {
      other: '{count}/{target} 個確認',
    },
    replacedBy: '被 {hash} 取代',
    view: '在區塊瀏覽器中查看',
    viewHidden: '交易 {hash}',
    hashHidden: '（{hash}）',
    sendAgain: '重新傳送',
    dismiss: '關閉',
    dismissLabel: '關閉 {transaction}',
    sendFailed: '無法重新傳送：{reason}',
    droppedReason: '網路已不再識別這筆交易，它從未被打包進區塊。',
  },
  tracked: {
    sending: {
      transfer: '正在傳送 {amount} 至 {to}',
      transferAnywhere: '正在傳送 {amount}',
      call: '正在呼叫 {to}',
      callWithValue: '正在呼叫 {to}，附帶 {amount}',
      deploy: '正在部署合約',
      unknown: '正在傳送交易',
    },
    sent: {
      transfer: '已傳送 {amount} 至 {to}',
      transferAnywhere: '已傳送 {amount}',
      call: '已呼叫 {to}',
      callWithValue: '已呼叫 {to}，附帶 {amount}',
      deploy: '已部署合約',
      unknown: '交易已傳送',
    },
    ended: {
      transfer: '傳送 {amount} 至 {to}',
      transferAnywhere: '傳送 {amount}',
      call: '呼叫 {to}',
      callWithValue: '呼叫 {to}，附帶 {amount}',
      deploy: '部署合約',
      unknown: '交易',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount}（代幣 {token}）',
  },
  notices: {
    list: '無法載入的鏈',
    requestFailed: '請求失敗',
    failed: '無法載入 {chain} 的紀錄：{reason}',
    failedFor: '無法載入 {wallet} 在 {chain} 上的紀錄：{reason}',
    retry: '再試一次',
    retryLabel: '再試一次：{chain}',
    retryLabelFor: '再試一次：{chain}（{wallet}）',
  },
}

export default live
