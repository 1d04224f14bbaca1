"""German for the home page's "Your tables" (the way back to a table from the home screen) and the
timer's low-time announcement. English msgid -> German; tools/translations.py merges this folder."""
DE = {
    "Your tables": "Deine Tische",
    "your seat": "dein Platz",
    "the board": "das Spielbrett",
    "Timer": "Timer",
    "%(timer)s: 10 seconds left": "%(timer)s: noch 10 Sekunden",
}
DE.update({
    # the error page
    "That did not work": "Das hat nicht geklappt",
    "Not allowed": "Nicht erlaubt",
    "Not found": "Nicht gefunden",
    "Too large": "Zu groß",
    "Slow down": "Langsamer, bitte",
    "Cannot save right now": "Speichern gerade nicht möglich",
    "Sorry": "Entschuldigung",
    "Back to the home page": "Zurück zur Startseite",
    # what the live region says about a timer
    "%(timer)s: running": "%(timer)s: läuft",
    "%(timer)s: time is up": "%(timer)s: Zeit ist um",
    "%(timer)s: stopped at %(time)s": "%(timer)s: angehalten bei %(time)s",
    # a finished game, its chart and the history page
    "Game %(number)s at this table": "Spiel %(number)s an diesem Tisch",
    "Game %(number)s at this table: %(names)s wins": "Spiel %(number)s an diesem Tisch: %(names)s gewinnt",
    "Game %(number)s at this table: %(names)s win": "Spiel %(number)s an diesem Tisch: %(names)s gewinnen",
    "Every game at this table": "Alle Spiele an diesem Tisch",
    "download as %(csv)s or %(json)s": "herunterladen als %(csv)s oder %(json)s",
    "Scores over rounds: %(scores)s": "Punkte über die Runden: %(scores)s",
    "Scores by round": "Punkte je Runde",
    "Round": "Runde",
    "History": "Verlauf",
    "%(game)s at table %(code)s": "%(game)s an Tisch %(code)s",
    "Back to the table": "Zurück zum Tisch",
    "Game %(number)s: nobody wins": "Spiel %(number)s: niemand gewinnt",
    "Game %(number)s: %(names)s wins": "Spiel %(number)s: %(names)s gewinnt",
    "Game %(number)s: %(names)s win": "Spiel %(number)s: %(names)s gewinnen",
    "Played by %(names)s.": "Gespielt von %(names)s.",
    "No game has finished at this table yet. Finished games appear here with their scores.":
        "An diesem Tisch ist noch kein Spiel zu Ende. Beendete Spiele erscheinen hier mit ihren Punkten.",
    # how many play, from a game's declaration (home page)
    "any": "beliebig viele",
    "2+ (competitive 4+)": "2+ (gegeneinander 4+)",
})
