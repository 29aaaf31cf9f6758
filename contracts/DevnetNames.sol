// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A minimal name registry that answers as the ENS Universal Resolver does (viem's getEnsName and
/// getEnsAddress call it), so names work on the devnet with no ENS deployment. Forward records
/// (name -> address) are set by the deployer; any account may set its own primary name, and a
/// primary name that does not resolve back to its account is refused (forward verification).
contract DevnetNames {
    // The Universal Resolver's errors, so clients read them as ENS's "no name" answers.
    error DNSDecodingFailed(bytes dns);
    error ResolverNotFound(bytes name);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);
    error UnsupportedResolverProfile(bytes4 selector);

    event AddrChanged(bytes32 indexed node, address a);
    event PrimaryNameChanged(address indexed owner, string name);

    bytes4 private constant ADDR = 0x3b3b57de; // addr(bytes32)
    bytes4 private constant ADDR_COIN = 0xf1cb7e06; // addr(bytes32,uint256)
    uint256 private constant ETH_COIN = 60;

    address public immutable admin;
    mapping(bytes32 => address) private forward;
    mapping(address => string) private primary;

    constructor() {
        admin = msg.sender;
    }

    modifier onlyAdmin() {
        require(msg.sender == admin, "only the deployer");
        _;
    }

    /// Points `name` (e.g. "alice.eth") at `owner` and makes it the owner's primary name.
    function register(string calldata name, address owner) external onlyAdmin {
        bytes32 node = namehash(bytes(name));
        forward[node] = owner;
        primary[owner] = name;
        emit AddrChanged(node, owner);
        emit PrimaryNameChanged(owner, name);
    }

    /// Sets the caller's primary name, as ENS's reverse registrar lets anyone do; shown only if it resolves back.
    function setName(string calldata name) external {
        primary[msg.sender] = name;
        emit PrimaryNameChanged(msg.sender, name);
    }

    /// Sets another account's primary name without a forward record (the devnet seeds a spoof this way).
    function setNameFor(address owner, string calldata name) external onlyAdmin {
        primary[owner] = name;
        emit PrimaryNameChanged(owner, name);
    }

    // ---- the resolver profile: addr ----

    function addr(bytes32 node) public view returns (address) {
        return forward[node];
    }

    function addr(bytes32 node, uint256 coinType) public view returns (bytes memory) {
        address a = forward[node];
        return coinType == ETH_COIN && a != address(0) ? abi.encodePacked(a) : bytes("");
    }

    function supportsInterface(bytes4 id) external pure returns (bool) {
        return id == 0x01ffc9a7 || id == ADDR || id == ADDR_COIN;
    }

    // ---- the Universal Resolver: forward ----

    /// `name` DNS-encoded, `data` an addr call; answers (its ABI-encoded result, the resolver).
    function resolve(bytes calldata name, bytes calldata data) public view returns (bytes memory, address) {
        if (forward[dnsNamehash(name, 0)] == address(0)) revert ResolverNotFound(name);
        bytes4 selector = data.length >= 4 ? bytes4(data[:4]) : bytes4(0);
        if (selector != ADDR && selector != ADDR_COIN) revert UnsupportedResolverProfile(selector);
        (bool ok, bytes memory result) = address(this).staticcall(data);
        require(ok, "addr call failed");
        return (result, address(this));
    }

    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata) external view returns (bytes memory, address) {
        return resolve(name, data);
    }

    // ---- the Universal Resolver: reverse ----

    /// The primary name of `lookupAddress` (20 bytes), verified forward; "" when it has none.
    function reverse(bytes calldata lookupAddress, uint256 coinType) public view returns (string memory, address, address) {
        if (lookupAddress.length != 20 || coinType != ETH_COIN) return ("", address(0), address(0));
        address a = address(bytes20(lookupAddress));
        string memory name = primary[a];
        if (bytes(name).length == 0) return ("", address(0), address(this));
        address resolved = forward[namehash(bytes(name))];
        if (resolved != a) revert ReverseAddressMismatch(name, abi.encodePacked(resolved));
        return (name, address(this), address(this));
    }

    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata) external view returns (string memory, address, address) {
        return reverse(lookupAddress, coinType);
    }

    // ---- namehash (EIP-137) ----

    /// Of a dotted name, e.g. "alice.eth".
    function namehash(bytes memory name) public pure returns (bytes32 node) {
        if (name.length == 0) return bytes32(0);
        uint256 end = name.length;
        for (uint256 i = name.length; i > 0; i--) {
            if (name[i - 1] == ".") {
                node = keccak256(abi.encodePacked(node, labelHash(name, i, end)));
                end = i - 1;
            }
        }
        node = keccak256(abi.encodePacked(node, labelHash(name, 0, end)));
    }

    /// Of a DNS-encoded name (length-prefixed labels, then a zero byte), from `offset`.
    function dnsNamehash(bytes memory name, uint256 offset) internal pure returns (bytes32) {
        if (offset >= name.length) revert DNSDecodingFailed(name);
        uint256 length = uint8(name[offset]);
        if (length == 0) return bytes32(0);
        if (offset + 1 + length > name.length) revert DNSDecodingFailed(name);
        bytes32 label = labelHash(name, offset + 1, offset + 1 + length);
        return keccak256(abi.encodePacked(dnsNamehash(name, offset + 1 + length), label));
    }

    function labelHash(bytes memory name, uint256 start, uint256 end) private pure returns (bytes32 hash) {
        assembly {
            hash := keccak256(add(add(name, 32), start), sub(end, start))
        }
    }
}
