"""German for the home page's "Your tables" (the way back to a table from the home screen) and the
timer's low-time announcement. English msgid -> German; tools/translations.py merges this folder."""
DE = {
    "Your tables": "Deine Tische",
    "your seat": "dein Platz",
    "the board": "das Spielbrett",
    "Timer": "Timer",
    "%(timer)s: 10 seconds left": "%(timer)s: noch 10 Sekunden",
}
