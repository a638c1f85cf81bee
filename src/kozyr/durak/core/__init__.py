"""The durak engine's private C layer, one floor below the public vocabulary.

The rules of the two-seat game as inline C over a plain State struct
(state.pxd, rules.pxd), dealing (deal.pxd) and its seeds (seeds.pxd, sha256.h),
the view struct a bot is handed (view.pxd), a seat's public memory and the
positions redealt from it (memory.pxd, determinize.pxd), and the Python face
over them: `Game` (engine.pyx) and the `GameView` it hands out (gameview.pyx).
Users import `kozyr.durak` (Game, Move, View ...) and cimport
`kozyr.durak.native` for native bots; nothing here is a public path.
"""
