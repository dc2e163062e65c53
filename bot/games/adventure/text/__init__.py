"""The Adventure's words, one module per concept: names, decisions' labels, events, cards,
places, fights, what the game waits for, refusals, the rules' help and the content's catalogue."""
