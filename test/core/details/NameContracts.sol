// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract MockUniversalResolver {
  error ResolverNotFound(bytes name);
  error ReverseAddressMismatch(string primary, bytes primaryAddress);
  mapping(address => string) public reverseName;
  mapping(bytes32 => address) public forward;
  function set(address a, string calldata n, address forwardTo) external { reverseName[a] = n; forward[keccak256(bytes(n))] = forwardTo; }
  function reverseWithGateways(bytes calldata lookup, uint256, string[] calldata) external view returns (string memory, address, address) {
    address a = address(bytes20(lookup));
    string memory n = reverseName[a];
    if (bytes(n).length == 0) revert ResolverNotFound(lookup);
    address back = forward[keccak256(bytes(n))];
    if (back != a) revert ReverseAddressMismatch(n, abi.encodePacked(back));
    return (n, address(this), address(this));
  }
}
contract Multicall3 {
  struct Call3 { address target; bool allowFailure; bytes callData; }
  struct Result { bool success; bytes returnData; }
  function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
    returnData = new Result[](calls.length);
    for (uint256 i; i < calls.length; i++) {
      (bool ok, bytes memory ret) = calls[i].target.call(calls[i].callData);
      require(ok || calls[i].allowFailure, "Multicall3: call failed");
      returnData[i] = Result(ok, ret);
    }
  }
}
