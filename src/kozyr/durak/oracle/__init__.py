"""The plain-Python twins of the rules and the helpers that test against them.

`reference` is the two-seat game and `reference_variants` every table,
written again in plain Python on purpose (two implementations that agree are
the evidence); `reference_bots` the rungs' twins; `testing` drives the Cython
engine and a twin side by side; `checks` is `check_bot`, the contract a user
runs on a bot of their own.
"""
