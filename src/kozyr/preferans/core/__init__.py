"""The preferans engine's compiled layer: the C state and rules over card masks, the compiled Game,
random whole deals, and the double-dummy solver (solver.pyx). Users import `kozyr.preferans`."""
