"""The Hobbit Adventure Boardgame (adventure.md): the pure rules engine of the second game."""
