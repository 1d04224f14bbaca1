"""German for We Love Cats: its board, seats, log, refusals and the names from decks/we_love_cats.toml.
English msgid -> German; tools/translations.py merges every file in this folder. A cat (die Katze) is
feminine, so a passed cat is "sie"; colours are nouns ("eine Katze in Gelb"), so no adjective endings
have to agree with a colour filled in at run time."""
DE = {
    # Board and seats
    "%(held)s/%(all)s colours": "%(held)s/%(all)s Farben",
    "%(min)s to %(max)s players": "%(min)s bis %(max)s Spieler",
    "%(n)s have joined, and We Love Cats is for %(min)s to %(max)s players.":
        "%(n)s sind beigetreten, aber We Love Cats ist für %(min)s bis %(max)s Spieler.",
    "%(name)s goes first": "%(name)s beginnt",
    "%(name)s is resolving the dice.": "%(name)s führt die Würfelergebnisse aus.",
    "%(name)s's move": "Zug von %(name)s",
    "%(name)s's turn: waiting for the roll.": "%(name)s ist dran: gleich wird gewürfelt.",
    "Adopt: draw a cat": "Adoptieren: eine Katze ziehen",
    "Bag": "Beutel",
    "Dice": "Würfel",
    "Everyone's cats": "Die Katzen aller Spieler",
    "How a turn goes": "So läuft ein Zug",
    "Last pass": "Letzte Weitergabe",
    "Last roll by %(name)s": "Letzter Wurf von %(name)s",
    "No cats: skip %(face)s": "Keine Katzen: %(face)s auslassen",
    "Not rolled yet": "Noch nicht gewürfelt",
    "Play again: I go first": "Nochmal spielen: ich beginne",
    "Play again: pick at random": "Nochmal spielen: zufällig wählen",
    "Playing on this tablet? Tap here; phones work too.": "Spielt ihr am Tablet? Tippt hier; Handys gehen auch.",
    "Roll both dice, then do the two results in the order you like. The first to hold one cat of every colour wins; when the bag is empty, the most cats win.":
        "Wirf beide Würfel und führe dann die zwei Ergebnisse in beliebiger Reihenfolge aus. Wer zuerst eine Katze "
        "jeder Farbe hat, gewinnt; ist der Beutel leer, gewinnen die meisten Katzen.",
    "Roll the dice": "Würfeln",
    "Rolled by %(name)s": "Gewürfelt von %(name)s",
    "Seating order is joining order; the turn passes to the next one who joined (to the left).":
        "Die Sitzordnung ist die Reihenfolge des Beitretens; der Zug geht an den Nächsten, der beigetreten ist (nach links).",
    "Start: I go first": "Start: ich beginne",
    "Start: pick at random": "Start: zufällig wählen",
    "The bag is empty: %(name)s wins with the most cats.": "Der Beutel ist leer: %(name)s gewinnt mit den meisten Katzen.",
    "The bag is empty: %(names)s share the win with the most cats.":
        "Der Beutel ist leer: %(names)s teilen sich den Sieg mit den meisten Katzen.",
    "Waiting for players: %(n)s joined. Scan the QR code to take a seat.":
        "Warten auf Spieler: %(n)s dabei. Scannt den QR-Code, um Platz zu nehmen.",
    "Watching: %(names)s. They are dealt in at the rematch.": "Schauen zu: %(names)s. Bei der Revanche spielen sie mit.",
    "Which cat will you %(verb)s?": "Welche Katze willst du %(verb)s?",
    "Who goes first? (The rules say: whoever has the most cats in real life.)":
        "Wer beginnt? (Laut Regeln: wer im echten Leben die meisten Katzen hat.)",
    "You are in! %(n)s at the table. Start when everyone has joined.":
        "Du bist dabei! %(n)s am Tisch. Startet, wenn alle beigetreten sind.",
    "You joined after the deal: watch this game, you will be dealt in at the rematch.":
        "Du bist nach dem Austeilen beigetreten: schau bei diesem Spiel zu, bei der Revanche spielst du mit.",
    "Your cats": "Deine Katzen",
    "Your turn: roll the dice!": "Du bist dran: würfle!",
    "Your turn: tap a result to do it, in the order you like.":
        "Du bist dran: tippe die Ergebnisse in beliebiger Reihenfolge an.",
    "done": "erledigt",
    "not needed": "nicht nötig",
    "skipped": "entfällt",
    "to do": "offen",
    # The new-table page
    "Nothing to set: the companion is the bag (30 cats, five of each of six colours, each colour with its own symbol) and both dice.":
        "Nichts einzustellen: die App ist der Beutel (30 Katzen, fünf von jeder der sechs Farben, jede Farbe mit "
        "eigenem Symbol) und beide Würfel.",
    "Create the table and put this tablet in the middle: it is the board.":
        "Legt den Tisch an und stellt dieses Tablet in die Mitte: es ist das Spielbrett.",
    "Everyone scans the QR code with their phone and takes a seat (%(min)s to %(max)s players). Sit in the order you join: the turn goes to the next one who joined.":
        "Alle scannen den QR-Code mit dem Handy und nehmen Platz (%(min)s bis %(max)s Spieler). Setzt euch in der "
        "Reihenfolge, in der ihr beitretet: der Zug geht an den Nächsten, der beigetreten ist.",
    "Press Start on the board, choosing who goes first (the rules say: whoever has the most cats in real life).":
        "Drückt auf dem Spielbrett auf Start und wählt, wer beginnt (laut Regeln: wer im echten Leben die meisten "
        "Katzen hat).",
    # What happened (the log) and the last pass
    "%(name)s adopted %(cat)s.": "%(name)s hat %(cat)s adoptiert.",
    "%(name)s already has %(color)s: it walks on.": "%(name)s hat schon %(color)s: sie wandert weiter.",
    "%(name)s had no cats and adopted %(cats)s.": "%(name)s hatte keine Katzen und hat %(cats)s adoptiert.",
    "%(name)s has no cats left, so %(face)s is skipped.": "%(name)s hat keine Katzen mehr, darum entfällt %(face)s.",
    "%(name)s has no cats, so %(face)s is skipped.": "%(name)s hat keine Katzen, darum entfällt %(face)s.",
    "%(name)s has one cat of every colour and wins!": "%(name)s hat eine Katze jeder Farbe und gewinnt!",
    "%(name)s lost %(cat)s back into the bag.": "%(name)s hat %(cat)s verloren: zurück in den Beutel.",
    "%(name)s passed %(cat)s to the left.": "%(name)s hat %(cat)s nach links weitergegeben.",
    "%(name)s passed %(cat)s to the right.": "%(name)s hat %(cat)s nach rechts weitergegeben.",
    "%(name)s rolled %(faces)s.": "%(name)s hat %(faces)s gewürfelt.",
    "%(name)s swapped %(cat)s for %(drawn)s.": "%(name)s hat %(cat)s gegen %(drawn)s getauscht.",
    "Everyone else has %(color)s: it goes into the bag.": "Alle anderen haben schon %(color)s: sie kommt in den Beutel.",
    "Everyone else has one, so it went into the bag.": "Alle anderen haben schon eine, darum kam sie in den Beutel.",
    "Game %(n)s: everyone drew %(count)s cats. %(name)s goes first (chosen by the table).":
        "Spiel %(n)s: alle haben %(count)s Katzen gezogen. %(name)s beginnt (vom Tisch gewählt).",
    "Game %(n)s: everyone drew %(count)s cats. %(name)s goes first (picked at random).":
        "Spiel %(n)s: alle haben %(count)s Katzen gezogen. %(name)s beginnt (zufällig gewählt).",
    "It landed with %(name)s.": "Sie ist bei %(name)s gelandet.",
    "It lands with %(name)s.": "Sie landet bei %(name)s.",
    "It walked on past %(names)s.": "Sie ist an %(names)s vorbeigewandert.",
    # Refusals (companion/games/we_love_cats.py)
    "Choose which colour of cat to %(verb)s.": "Wähle die Farbe der Katze, die du %(verb)s willst.",
    "It is %(name)s's turn, not yours.": "%(name)s ist dran, nicht du.",
    "Roll the dice first.": "Würfle zuerst.",
    "That result is already done: resolve the other die.": "Dieses Ergebnis ist schon erledigt: führe den anderen Würfel aus.",
    "The dice are rolled: resolve both results first.": "Die Würfel sind gefallen: führe zuerst beide Ergebnisse aus.",
    "The game has already started.": "Das Spiel hat schon begonnen.",
    "The game has not started yet: press Start on the board.": "Das Spiel hat noch nicht begonnen: drückt auf dem Spielbrett auf Start.",
    "There is no such die.": "Diesen Würfel gibt es nicht.",
    "This game is over: start a rematch to play again.": "Dieses Spiel ist vorbei: startet eine Revanche, um nochmal zu spielen.",
    "This game is still going: finish it first.": "Dieses Spiel läuft noch: spielt es erst zu Ende.",
    "We Love Cats is for %(min)s to %(max)s players, and %(n)s have joined.":
        "We Love Cats ist für %(min)s bis %(max)s Spieler, und %(n)s sind beigetreten.",
    "We Love Cats needs at least %(min)s players: scan the QR code to join.":
        "We Love Cats braucht mindestens %(min)s Spieler: scannt den QR-Code zum Beitreten.",
    "You have no %(color)s cat to %(verb)s.": "Du hast keine Katze in %(color)s, die du %(verb)s könntest.",
    "You joined after the deal: you will be dealt in at the rematch.":
        "Du bist nach dem Austeilen beigetreten: bei der Revanche spielst du mit.",
    # Names from game data and field labels (translations/names/we-love-cats.pot)
    "The bag, all 30 cat tokens and both dice on your phones: collect one cat of every colour.":
        "Der Beutel, alle 30 Katzenplättchen und beide Würfel auf euren Handys: sammle eine Katze jeder Farbe.",
    "Orange": "Orange",
    "Adopt": "Adoptieren", "R": "R", "L": "L", "Swap": "Tauschen", "Lose": "Verlieren",
    "adopt": "adoptieren", "pass to the right": "nach rechts weitergeben", "pass to the left": "nach links weitergeben",
    "swap": "tauschen", "lose": "verlieren",
    "Draw one cat from the bag.": "Zieh eine Katze aus dem Beutel.",
    "Pass a cat to the right; it walks past everyone who already has that colour.":
        "Gib eine Katze nach rechts weiter; sie wandert an allen vorbei, die diese Farbe schon haben.",
    "Pass a cat to the left; it walks past everyone who already has that colour.":
        "Gib eine Katze nach links weiter; sie wandert an allen vorbei, die diese Farbe schon haben.",
    "Drop a cat into the bag, then draw one.": "Leg eine Katze in den Beutel und zieh dann eine.",
    "Return a cat to the bag.": "Leg eine Katze zurück in den Beutel.",
    "first player": "Startspieler", "die": "Würfel", "colour": "Farbe",
}
PLURALS = {
    "%(num)s cat in the bag": ("%(num)s Katze im Beutel", "%(num)s Katzen im Beutel"),
    "The bag is empty: every cat is adopted. %(name)s wins with %(num)s cat.":
        ("Der Beutel ist leer: alle Katzen sind adoptiert. %(name)s gewinnt mit %(num)s Katze.",
         "Der Beutel ist leer: alle Katzen sind adoptiert. %(name)s gewinnt mit %(num)s Katzen."),
    "The bag is empty: every cat is adopted. %(names)s share the win with %(num)s cat each.":
        ("Der Beutel ist leer: alle Katzen sind adoptiert. %(names)s teilen sich den Sieg mit je %(num)s Katze.",
         "Der Beutel ist leer: alle Katzen sind adoptiert. %(names)s teilen sich den Sieg mit je %(num)s Katzen."),
}
