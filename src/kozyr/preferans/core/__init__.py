"""The compiled preferans core: C state and rules over card masks, the compiled Game, random deals."""
