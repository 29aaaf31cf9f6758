import type { ExportPart } from '../../i18n/types.js'

/** Korean, export: The CSV export’s progress and outcome, and the localized CSV column titles. */
const exportPart: ExportPart = {
  export: {
    cancel: '취소',
    exporting: '기록 내보내는 중',
    starting: '시작하는 중…',
    transactions: {
      other: '트랜잭션 {count}건',
    },
    upTo: '{transactions}, {date}까지',
    saved: {
      other: '{count}행 저장됨',
    },
    cancelled: '내보내기가 취소되었습니다',
    stopped: '{progress} 처리 후 내보내기가 중단되었습니다',
    stoppedBecause: '{progress} 처리 후 내보내기가 중단되었습니다: {reason}',
    nothing: '트랜잭션 0건',
  },
  csv: {
    hash: '트랜잭션 해시',
    timestamp: '시간(UTC)',
    block_number: '블록',
    chain: '체인',
    category: '카테고리',
    kind: '종류',
    direction: '방향',
    from: '보낸 사람',
    to: '받는 사람',
    counterparty: '상대방',
    token_address: '토큰 컨트랙트',
    token_symbol: '토큰 심볼',
    token_decimals: '토큰 소수 자릿수',
    token_id: '토큰 ID',
    amount: '수량(원시 단위)',
    amount_decimal: '수량',
    fee_wei: '수수료(wei)',
    fee: '수수료',
    status: '상태',
    possible_spam: '스팸 가능성',
  },
}

export default exportPart
