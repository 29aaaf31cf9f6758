// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Forwards native currency to others, so the devnet has internal transfers (and a call that fails).
contract DevnetSplitter {
    event Split(address indexed sender, uint256 value, uint256 recipients);

    /// Splits msg.value evenly; reverts with no recipients (the scenario's failing call).
    function split(address payable[] calldata recipients) external payable {
        require(recipients.length > 0, "no recipients");
        uint256 share = msg.value / recipients.length;
        for (uint256 i = 0; i < recipients.length; i++) {
            (bool ok, ) = recipients[i].call{value: share}("");
            require(ok, "transfer failed");
        }
        emit Split(msg.sender, msg.value, recipients.length);
    }

    function forward(address payable to) external payable {
        (bool ok, ) = to.call{value: msg.value}("");
        require(ok, "transfer failed");
    }
}
