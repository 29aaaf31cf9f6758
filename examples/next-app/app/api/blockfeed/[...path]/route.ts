import { proxy } from '../../../../lib/blockfeed-server'

export { proxy as GET, proxy as POST, proxy as OPTIONS }
