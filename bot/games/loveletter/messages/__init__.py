"""One module per message kind: the table, the private hand, the lobby, the rules, the glance."""
