"""The preferans play engine's private compiled layer: the double-dummy solver (solver.pyx) and,
beside it, the engine's state and rules. Users import `kozyr.preferans`; nothing here is a public
path."""
