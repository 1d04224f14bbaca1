"""The table service, in parts a newcomer can read one at a time (docs/ARCHITECTURE.md draws them):

    service.py      Tables: the object the web layer calls; each operation is a part's function
    context.py      Service: what every part is given (the store, the hub, the clock, shared reads)
    identity.py     credentials (cookies) -> a Viewer; token hashing; table codes
    change.py       one helper for every change: load, who may, version check, event, publish
    change_reads.py what a change reads from its process's own read, and notes of what it wrote
    pipeline.py     act, preview, undo: the move pipeline (stale taps, taps for an earlier game)
    rights.py       who may act as the board, who may undo what
    reading.py      a table as one read saw it; reads shared by a table's screens
    snapshots.py    what one viewer's page is made from, and the facts of a viewer it depends on
    seating.py      join, a seat moving with consent, removal, seating order
    game_night.py   switching the game at a table, picking who plays
    boards.py       pairing a second screen as the board
    recording.py    a game's record in the store, written once (the rules: companion/records.py)
    randomness.py   the table's random source in its saved state
    saved.py        a saved state's parts, loading a table, the context a game's functions get
    archive.py      a table as plain data; expiring idle tables
    errors.py       the engine's refusals
"""
from .archive import expire_idle_tables, export_table
from .errors import EarlierGame, NameTaken, SeatMoved, Stale, TableNotFound
from .identity import Credentials, Viewer, normalise_code
from .identity import lost_seat_refusal
from .snapshots import Snapshot, ViewerFacts
from .service import Tables

__all__ = ["Credentials", "EarlierGame", "NameTaken", "SeatMoved", "Snapshot", "Stale", "TableNotFound", "Tables",
           "Viewer", "ViewerFacts", "export_table", "expire_idle_tables", "lost_seat_refusal", "normalise_code"]
