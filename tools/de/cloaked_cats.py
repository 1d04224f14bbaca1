"""German for Cloaked Cats beyond tools/de/shared.py (which holds its page texts): its refusals, the
labels of its fields (shown inside the engine's refusals) and the category nouns from the deck file.
English msgid -> German; tools/translations.py merges every file in this folder. Same words as
shared.py: Merkmal, Katzenkarte, Tanzfläche, Maske, Vorrat, Revanche, am Zug."""
DE = {
    # Refusals (companion/games/cloaked_cats.py)
    "Cloaked Cats needs %(min)s to %(max)s players; %(count)s joined so far.":
        "Cloaked Cats braucht %(min)s bis %(max)s Spieler; bisher sind %(count)s beigetreten.",
    "The game has not started yet: press Start when everyone has joined.":
        "Das Spiel hat noch nicht begonnen: drückt auf Start, wenn alle beigetreten sind.",
    "The game is over: start a rematch for a new one.": "Das Spiel ist vorbei: startet eine Revanche für ein neues.",
    "You are watching this game: only its %(count)s players take turns.":
        "Du schaust bei diesem Spiel zu: nur die %(count)s Mitspieler sind am Zug.",
    "It is %(name)s's turn.": "%(name)s ist am Zug.",
    "Pick each feature once.": "Wähl jedes Merkmal nur einmal.",
    "A cat card shows %(min)s or %(max)s features; you picked %(count)s.":
        "Eine Katzenkarte zeigt %(min)s oder %(max)s Merkmale; du hast %(count)s gewählt.",
    # The category is a Term ("pose" -> "Haltung"): quoted as a group name, so no German article has
    # to agree with its gender (die Haltung, das Fellmuster).
    "A cat card shows only one %(category)s; you picked %(first)s and %(second)s.":
        "Eine Katzenkarte zeigt nur ein Merkmal der Gruppe „%(category)s“; du hast %(first)s und %(second)s gewählt.",
    "A cat card shows only one %(category)s; you picked %(count)s.":
        "Eine Katzenkarte zeigt nur ein Merkmal der Gruppe „%(category)s“; du hast %(count)s davon gewählt.",
    "A cat card always shows a %(category)s; pick one.":
        "Eine Katzenkarte zeigt immer ein Merkmal der Gruppe „%(category)s“; wähl eins aus.",
    "The game has already started.": "Das Spiel hat schon begonnen.",
    "A rematch can start once this game is over.": "Eine Revanche kann beginnen, sobald dieses Spiel vorbei ist.",
    "This is the final round: no more cat cards, you may only guess (or end your turn).":
        "Das ist die letzte Runde: keine Katzenkarten mehr, du darfst nur noch raten (oder deinen Zug beenden).",
    "All %(count)s cat cards are already on the dance floor: you may only guess (or end your turn).":
        "Alle %(count)s Katzenkarten sind schon auf der Tanzfläche: du darfst nur noch raten (oder deinen Zug beenden).",
    "You have already played a cat card this turn.": "Du hast in diesem Zug schon eine Katzenkarte gespielt.",
    "Play a cat card first: tap the features printed on it.":
        "Spiel zuerst eine Katzenkarte: tippe die Merkmale an, die darauf abgebildet sind.",
    "You have already guessed this turn; end your turn.": "Du hast in diesem Zug schon geraten; beende deinen Zug.",
    "Guess another player's feature, not your own.": "Rate ein Merkmal eines anderen Spielers, nicht dein eigenes.",
    "That player is not in this game.": "Dieser Spieler spielt in dieser Partie nicht mit.",
    "%(name)s has no hidden features left.": "%(name)s hat keine verdeckten Merkmale mehr.",
    "%(feature)s is already face up in front of %(name)s.": "„%(feature)s“ liegt schon offen vor %(name)s.",
    "The game is over; use undo to step back into it instead.":
        "Das Spiel ist vorbei; mach stattdessen einen Zug rückgängig, um zurück ins Spiel zu kommen.",
    "There is no cat number %(number)s on the dance floor.": "Auf der Tanzfläche gibt es keine Katze Nr. %(number)s.",
    # Field labels (Terms inside the engine's field refusals)
    "player": "Spieler",
    "feature": "Merkmal",
    "features": "Merkmale",
    "cat number": "Katzennummer",
    # Category nouns from decks/cloaked_cats.toml (translations/names/cloaked-cats.pot)
    "pose": "Haltung",
    "coat pattern": "Fellmuster",
    "accessory": "Accessoire",
    "coat colour": "Fellfarbe",
}
