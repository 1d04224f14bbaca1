"""German for the ux-rules branch (issue #17): new and changed strings, in the shape of the other
files in this folder. English msgid -> German; tools/translations.py merges every file here."""
DE = {
    # Pack the Essentials: pack rats flip only the tiles placed this turn
    "%(name)s places no tile this turn, so there is nothing for a pack rat to flip.":
        "%(name)s legt in diesem Zug kein Plättchen, also gibt es nichts, was eine Packratte umdrehen könnte.",
    "%(name)s places only 1 tile this turn: a pack rat flips a tile as it is placed, so 1 pack rat at most.":
        "%(name)s legt in diesem Zug nur 1 Plättchen: Eine Packratte dreht ein Plättchen beim Legen um, "
        "also höchstens 1 Packratte.",
    "%(name)s places only %(n)s tiles this turn: a pack rat flips a tile as it is placed, so %(n)s pack rats at most.":
        "%(name)s legt in diesem Zug nur %(n)s Plättchen: Eine Packratte dreht ein Plättchen beim Legen um, "
        "also höchstens %(n)s Packratten.",
    "Pack rats for the bonus tile you place (one lures each kitten; you have %(n)s)":
        "Packratten für das Bonusplättchen, das du legst (jede lockt ein Kätzchen an; du hast %(n)s)",
    "Discard tile %(n)s": "Plättchen %(n)s abwerfen",
    # CommuniCat: the recorded Confidence spend decides the resolve
    "No Confidence token is on this guess: spend one with the Confidence button before the guess, or resolve without Confidence.":
        "Auf diesem Tipp liegt keine Zuversicht-Marke: Setzt vor dem Tipp eine mit dem Zuversicht-Knopf ein "
        "oder wertet ohne Zuversicht.",
    "Confidence adds its point only to a right guess.": "Zuversicht bringt ihren Punkt nur bei einem richtigen Tipp.",
    "Confidence is on this guess: a right guess scores %(points)s more.":
        "Zuversicht liegt auf diesem Tipp: Ein richtiger Tipp bringt %(points)s mehr.",
    # Readings whose value group never breaks (templates/table/_macros.html: ui.of, ui.per)
    "%(n)s of %(total)s": "%(n)s von %(total)s",
    "Fill in the score pads (%(n)s done).": "Füllt die Wertungsblöcke aus (%(n)s fertig).",
    "Tricks played %(n)s": "Gespielte Stiche %(n)s",
    "%(n)s left": "%(n)s übrig",
    "This round: %(points)s points → score %(score)s": "Diese Runde: %(points)s Punkte → Punktestand %(score)s",
    # The history: places of a game that ranks every player
    "Place": "Platz",
}
