import type { LivePart } from '../../i18n/types.js'

/** Korean, live: The Pending group (the user’s own transactions) and the feed across chains’ notices. */
const live: LivePart = {
  pending: {
    title: '대기 중',
    titleOnChain: '{chain}에서 대기 중',
    status: {
      pending: '보내는 중',
      confirming: '확인 중',
      confirmed: '확인됨',
      failed: '실패',
      replaced: '대체됨',
      dropped: '폐기됨',
    },
    announce: {
      confirmed: '트랜잭션 확인됨: {transaction}',
      failed: '트랜잭션 실패: {transaction}',
      replaced: '트랜잭션 대체됨: {transaction}',
      dropped: '트랜잭션 폐기됨: {transaction}',
    },
    to: '받는 사람: {party}',
    confirmations: {
      other: '확인 {count}/{target}회',
    },
    replacedBy: '대체 트랜잭션: {hash}',
    view: '익스플로러에서 보기',
    viewHidden: '트랜잭션 {hash}',
    hashHidden: '({hash})',
    sendAgain: '다시 보내기',
    dismiss: '닫기',
    dismissLabel: '{transaction} 닫기',
    sendFailed: '다시 보내지 못했습니다: {reason}',
    droppedReason: '네트워크가 더 이상 이 트랜잭션을 알지 못합니다. 블록에 포함되지 않았습니다.',
  },
  tracked: {
    sending: {
      transfer: '{to}에 {amount} 보내는 중',
      transferAnywhere: '{amount} 보내는 중',
      call: '{to} 호출 중',
      callWithValue: '{to} 호출 중({amount} 포함)',
      deploy: '컨트랙트 배포 중',
      unknown: '트랜잭션 보내는 중',
    },
    sent: {
      transfer: '{to}에 {amount} 보냈습니다',
      transferAnywhere: '{amount} 보냈습니다',
      call: '{to} 호출했습니다',
      callWithValue: '{to} 호출했습니다({amount} 포함)',
      deploy: '컨트랙트를 배포했습니다',
      unknown: '트랜잭션을 보냈습니다',
    },
    ended: {
      transfer: '{to}에 {amount} 보내기',
      transferAnywhere: '{amount} 보내기',
      call: '{to} 호출',
      callWithValue: '{to} 호출({amount} 포함)',
      deploy: '컨트랙트 배포',
      unknown: '트랜잭션',
    },
    amount: '{amount} {symbol}',
    tokenAmount: '{amount}(토큰 {token})',
  },
  notices: {
    list: '불러오지 못한 체인',
    requestFailed: '요청 실패',
    failed: '{chain} 기록을 불러오지 못했습니다: {reason}',
    failedFor: '{wallet}의 {chain} 기록을 불러오지 못했습니다: {reason}',
    retry: '다시 시도',
    retryLabel: '다시 시도: {chain}',
    retryLabelFor: '다시 시도: {wallet}의 {chain}',
  },
}

export default live
