"""Pure rules engines, one subpackage per game (standard library only), and `engine.api`: the
game interface they implement and the registry that finds them."""
