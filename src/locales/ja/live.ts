import type { LivePart } from '../../i18n/types.js'

/** Japanese, live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: '保留中',
    titleOnChain: '{chain}で保留中',
    status: {
      pending: '送信中',
      confirming: '確認中',
      confirmed: '確認済み',
      failed: '失敗',
      replaced: '置き換え済み',
      dropped: '破棄済み',
    },
    announce: {
      confirmed: 'トランザクションが確認されました：{transaction}',
      failed: 'トランザクションが失敗しました：{transaction}',
      replaced: 'トランザクションが置き換えられました：{transaction}',
      dropped: 'トランザクションが破棄されました：{transaction}',
    },
    to: '宛先：{party}',
    confirmations: {
      other: '確認数 {count}/{target}',
    },
    replacedBy: '置き換え先：{hash}',
    view: 'エクスプローラーで表示',
    viewHidden: 'トランザクション {hash}',
    hashHidden: '（{hash}）',
    sendAgain: '再送信',
    dismiss: '閉じる',
    dismissLabel: '{transaction}を閉じる',
    sendFailed: '再送信できませんでした：{reason}',
    droppedReason: 'ネットワークはこのトランザクションを認識していません。ブロックには含まれませんでした。',
  },
  tracked: {
    sending: {
      transfer: '{to}に{amount}を送信中',
      transferAnywhere: '{amount}を送信中',
      call: '{to}を呼び出し中',
      callWithValue: '{amount}を添えて{to}を呼び出し中',
      deploy: 'コントラクトをデプロイ中',
      unknown: 'トランザクションを送信中',
    },
    sent: {
      transfer: '{to}に{amount}を送信しました',
      transferAnywhere: '{amount}を送信しました',
      call: '{to}を呼び出しました',
      callWithValue: '{amount}を添えて{to}を呼び出しました',
      deploy: 'コントラクトをデプロイしました',
      unknown: 'トランザクションを送信しました',
    },
    ended: {
      transfer: '{to}への{amount}の送信',
      transferAnywhere: '{amount}の送信',
      call: '{to}の呼び出し',
      callWithValue: '{amount}を添えた{to}の呼び出し',
      deploy: 'コントラクトのデプロイ',
      unknown: 'トランザクション',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount}（トークン {token}）',
  },
  notices: {
    list: '読み込めなかったチェーン',
    requestFailed: 'リクエストが失敗しました',
    failed: '{chain}の履歴を読み込めませんでした：{reason}',
    failedFor: '{wallet}の{chain}の履歴を読み込めませんでした：{reason}',
    retry: '再試行',
    retryLabel: '再試行：{chain}',
    retryLabelFor: '再試行：{wallet}の{chain}',
  },
}

export default live
