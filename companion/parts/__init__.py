"""The physical components as plain JSON-able dicts and pure functions (no Flask, no I/O).

Games compose these instead of re-implementing a shuffle or a countdown. Every function that needs
chance takes an explicit `rng` (random.Random) so a move's randomness is seeded and stored.
"""
