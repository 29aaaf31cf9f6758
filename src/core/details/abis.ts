import { erc1155Abi, erc20Abi, erc721Abi, multicall3Abi, parseAbi, type Abi } from 'viem'

/** The ABI of WETH9's own functions and events (`deposit`, `withdraw`, `Deposit`, `Withdrawal`); its ERC-20 part is viem's `erc20Abi`. */
export const wethAbi = parseAbi([
  'function deposit() payable',
  'function withdraw(uint256 wad)',
  'event Deposit(address indexed dst, uint256 wad)',
  'event Withdrawal(address indexed src, uint256 wad)',
])

/**
 * The ABI of the swap functions most wallets meet (Uniswap V2/V3 style routers, the Universal Router),
 * so a swap's method is named in its details.
 */
export const routerAbi = parseAbi([
  // Kept short for the lazy chunk's 8 kB budget.
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
  'struct ExactInputParams { bytes path; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; }',
  'function exactInput(ExactInputParams params) payable returns (uint256 amountOut)',
  'function multicall(uint256 deadline, bytes[] data) payable returns (bytes[] results)',
  'function multicall(bytes[] data) payable returns (bytes[] results)',
  'function execute(bytes commands, bytes[] inputs, uint256 deadline) payable',
  'function execute(bytes commands, bytes[] inputs) payable',
])

/** Each ABI the package knows, apart. */
export const knownAbis: readonly Abi[] = [erc20Abi, erc721Abi, erc1155Abi, wethAbi, multicall3Abi, routerAbi]
/**
 * Every ABI blockfeed decodes transactions and logs with, as one: ERC-20, ERC-721, ERC-1155, WETH,
 * Multicall3 and the common swap routers. Searched after the `abi` you pass to `getTransactionDetails`.
 *
 * A selector or topic shared by two of them (ERC-20 and ERC-721 `Transfer`) is told apart by its
 * indexed arguments when decoding.
 *
 * @example
 * ```ts
 * import { knownAbi } from 'blockfeed'
 * import { decodeFunctionData } from 'viem'
 *
 * const call = decodeFunctionData({ abi: knownAbi, data: '0xd0e30db0' })
 * console.log(call.functionName) // 'deposit'
 * ```
 */
export const knownAbi: Abi = knownAbis.flat()
