// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// Stand-ins for the tokens and wallets whose approvals broke the approvals view.

/// OpenZeppelin 4.0–4.4's ERC-20 allowance rules: transferFrom subtracts even from max and
/// emits Approval with what is left; plus increaseAllowance and EIP-2612 permit.
contract OzToken {
  string public constant name = "Old Zeppelin";
  string public constant symbol = "OZT";
  uint8 public constant decimals = 18;
  uint256 public totalSupply;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  mapping(address => uint256) public nonces;
  bytes32 public immutable DOMAIN_SEPARATOR;
  bytes32 constant PERMIT_TYPEHASH = keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");

  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);

  constructor(uint256 supply) {
    balanceOf[msg.sender] = supply;
    totalSupply = supply;
    emit Transfer(address(0), msg.sender, supply);
    DOMAIN_SEPARATOR = keccak256(abi.encode(
      keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
      keccak256(bytes(name)), keccak256("1"), block.chainid, address(this)
    ));
  }

  function transfer(address to, uint256 value) external returns (bool) {
    _transfer(msg.sender, to, value);
    return true;
  }

  function approve(address spender, uint256 value) external returns (bool) {
    _approve(msg.sender, spender, value);
    return true;
  }

  function increaseAllowance(address spender, uint256 added) external returns (bool) {
    _approve(msg.sender, spender, allowance[msg.sender][spender] + added);
    return true;
  }

  function transferFrom(address from, address to, uint256 value) external returns (bool) {
    _transfer(from, to, value);
    uint256 current = allowance[from][msg.sender];
    require(current >= value, "allowance too low");
    _approve(from, msg.sender, current - value);
    return true;
  }

  function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external {
    require(block.timestamp <= deadline, "expired");
    bytes32 digest = keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR, keccak256(abi.encode(PERMIT_TYPEHASH, owner, spender, value, nonces[owner]++, deadline))));
    address signer = ecrecover(digest, v, r, s);
    require(signer != address(0) && signer == owner, "bad signature");
    _approve(owner, spender, value);
  }

  function _transfer(address from, address to, uint256 value) internal {
    require(balanceOf[from] >= value, "balance too low");
    balanceOf[from] -= value;
    balanceOf[to] += value;
    emit Transfer(from, to, value);
  }

  function _approve(address owner, address spender, uint256 value) internal {
    allowance[owner][spender] = value;
    emit Approval(owner, spender, value);
  }
}

/// UNI's and COMP's allowances: uint96, and approving max uint256 stores (and emits) max uint96.
contract Uint96Token {
  mapping(address => mapping(address => uint96)) internal allowances;

  event Approval(address indexed owner, address indexed spender, uint256 value);

  function allowance(address owner, address spender) external view returns (uint256) {
    return allowances[owner][spender];
  }

  function approve(address spender, uint256 raw) external returns (bool) {
    require(raw == type(uint256).max || raw < 2 ** 96, "amount exceeds 96 bits");
    uint96 amount = raw == type(uint256).max ? type(uint96).max : uint96(raw);
    allowances[msg.sender][spender] = amount;
    emit Approval(msg.sender, spender, amount);
    return true;
  }
}

interface IERC20 {
  function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// A router's swap, reduced to its first step: take the caller's tokens under its allowance.
contract Puller {
  function pull(address token, uint256 value) external {
    require(IERC20(token).transferFrom(msg.sender, address(this), value), "transferFrom failed");
  }
}

/// A smart account (ERC-4337 / Safe style) reduced to the call a bundler or relayer makes for it.
/// No signature check: a stand-in, the test's relayer is the only caller.
contract SmartAccount {
  function execute(address to, bytes calldata data) external {
    (bool ok, ) = to.call(data);
    require(ok, "call failed");
  }
}
