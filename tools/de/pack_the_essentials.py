"""German for Pack the Essentials: its templates, the refusals its rules raise, its field labels (shown
inside refusals as Terms) and the names from decks/pack_the_essentials.toml
(translations/names/pack-the-essentials.pot). Words as on a German game table: Plättchen (tiles),
Packratten, Koffermarker (the suitcase token), Katzenlady, Wertungsblock, To-do-Liste; du-form, like
tools/de/shared.py. English msgid -> German; tools/translations.py merges every file in this folder."""
DE = {
    # Heading, status line and round controls
    "Full game": "Volles Spiel",
    "Score pad only": "Nur Wertungsblock",
    "Solo": "Solo",
    "game %(n)s": "Spiel %(n)s",
    "Round %(n)s / %(total)s": "Runde %(n)s / %(total)s",
    "Round %(n)s of %(total)s": "Runde %(n)s von %(total)s",
    "Suitcase token: %(name)s": "Koffermarker: %(name)s",
    "Suitcase token": "Koffermarker",
    "To Do Lists:": "To-do-Listen:",
    "pile %(pile)s · card #%(card)s": "Stapel %(pile)s · Karte Nr. %(card)s",
    "Solo · %(level)s · target %(target)s": "Solo · %(level)s · Ziel %(target)s",
    "Waiting for players: join from your phone, then start.":
        "Warten auf Spieler: tritt mit deinem Handy bei und starte dann.",
    "Waiting for players: everyone joins from their phone (1–4), then start.":
        "Warten auf Spieler: alle treten mit ihrem Handy bei (1–4), dann geht es los.",
    "Your turn: choose a draft position.": "Du bist dran: wähle eine Draft-Position.",
    "%(name)s chooses a draft position.": "%(name)s wählt eine Draft-Position.",
    "Position %(position)s: a Cat Lady drafts — flip her token.":
        "Position %(position)s: eine Katzenlady ist dran — dreh ihren Marker um.",
    "Your turn: take a tile (position %(position)s).": "Du bist dran: nimm ein Plättchen (Position %(position)s).",
    "Position %(position)s: %(name)s takes a tile.": "Position %(position)s: %(name)s nimmt ein Plättchen.",
    "Round %(n)s is done: place your last tiles, then score.":
        "Runde %(n)s ist vorbei: legt eure letzten Plättchen, dann wird gewertet.",
    "Round %(n)s is done: place your tiles, then the next round.":
        "Runde %(n)s ist vorbei: legt eure Plättchen, dann kommt die nächste Runde.",
    "Game over.": "Spielende.",
    "A tie: vote for the cutest cat.": "Gleichstand: stimmt für die süßeste Katze.",
    "Fill in the score pads (%(done)s of %(total)s done).":
        "Füllt die Wertungsblöcke aus (%(done)s von %(total)s fertig).",
    "Who most recently packed a bag? (they take the suitcase token)":
        "Wer hat zuletzt eine Tasche gepackt? (bekommt den Koffermarker)",
    "Start with %(names)s": "Starten mit %(names)s",
    "Tap a free position on the mat for %(name)s, or choose on the phone.":
        "Tippe für %(name)s auf eine freie Position auf dem Spielplan oder wähle auf dem Handy.",
    "Flip the Cat Lady token": "Katzenlady-Marker umdrehen",
    "%(name)s (suitcase token) or the board flips the token.":
        "%(name)s (Koffermarker) oder das Spielbrett dreht den Marker um.",
    "%(name)s: pack rats to spend (one lures each cat or kitten; you have %(n)s)":
        "%(name)s: Packratten einsetzen (jede lockt eine Katze oder ein Kätzchen an; du hast %(n)s)",
    "Pack rats to spend (one lures each cat or kitten; you have %(n)s)":
        "Packratten einsetzen (jede lockt eine Katze oder ein Kätzchen an; du hast %(n)s)",
    "It fits nowhere: discard it instead": "Passt nirgends: stattdessen abwerfen",
    "Take tile %(n)s": "Plättchen %(n)s nehmen",
    "Go to scoring": "Zur Wertung",
    "Next round": "Nächste Runde",
    # The mat
    "Draft board": "Draft-Plan",
    "Draft positions": "Draft-Positionen",
    "Cat Lady": "Katzenlady",
    "Blocked": "Gesperrt",
    "Free": "Frei",
    "token %(token)s → removed tile %(tile)s": "Marker %(token)s → Plättchen %(tile)s entfernt",
    "token face down": "Marker verdeckt",
    "Take position %(position)s": "Position %(position)s nehmen",
    "Claim for %(name)s: position %(position)s": "Für %(name)s: Position %(position)s",
    "Tiles on the mat": "Plättchen auf dem Spielplan",
    "Tile %(n)s": "Plättchen %(n)s",
    "on the mat": "auf dem Spielplan",
    "taken by %(name)s": "genommen von %(name)s",
    "discarded by %(name)s": "abgeworfen von %(name)s",
    "removed by a Cat Lady (token %(token)s)": "von einer Katzenlady entfernt (Marker %(token)s)",
    # Suitcases
    "Counters": "Zähler",
    "Suitcases": "Koffer",
    "Pack rats": "Packratten",
    "Cats": "Katzen",
    "Toys": "Spielzeug",
    "Socks": "Socken",
    "Underwear": "Unterwäsche",
    "Cats: lured with pack rats. Socks and underwear: bonus tiles earned in all (take them from the piles when earned).":
        "Katzen: mit Packratten angelockt. Socken und Unterwäsche: insgesamt verdiente Bonusplättchen "
        "(nehmt sie vom Vorrat, sobald ihr sie verdient).",
    "Your suitcase": "Dein Koffer",
    "socks: %(n)s": "Socken: %(n)s",
    "underwear: %(n)s": "Unterwäsche: %(n)s",
    "The tiles, the bag and the suitcases stay on the table. This phone shows your suitcase counters, tells you when to choose a draft position and take a tile, and holds your score pad at the end.":
        "Plättchen, Beutel und Koffer bleiben auf dem Tisch. Dieses Handy zeigt die Zähler deines Koffers, sagt "
        "dir, wann du eine Draft-Position wählst und ein Plättchen nimmst, und hält am Ende deinen Wertungsblock bereit.",
    "You are watching this game: you play in the rematch.": "Du schaust bei diesem Spiel zu: bei der Revanche spielst du mit.",
    # Score pad
    "Before scoring, put your cat toys on empty spaces (they help To Do List 1).":
        "Leg vor der Wertung dein Katzenspielzeug auf leere Felder (das hilft bei To-do-Liste 1).",
    "Cats and pack rats are filled in from the game; correct them if the suitcase says otherwise.":
        "Katzen und Packratten sind aus dem Spiel eingetragen; berichtige sie, wenn der Koffer etwas anderes sagt.",
    "Cats & kittens": "Katzen & Kätzchen",
    "Unused pack rats": "Unbenutzte Packratten",
    "Empty spaces": "Leere Felder",
    "%(colour)s: tiles in the largest group": "%(colour)s: Plättchen in der größten Gruppe",
    "Save %(name)s's score": "Wertung von %(name)s speichern",
    "Update %(name)s's score": "Wertung von %(name)s ändern",
    "Save my score": "Meine Wertung speichern",
    "Update my score": "Meine Wertung ändern",
    "My score pad": "Mein Wertungsblock",
    "total %(n)s": "gesamt %(n)s",
    "Score pad": "Wertungsblock",
    "final": "Endstand",
    "1st place": "1. Platz",
    "2nd place": "2. Platz",
    "3rd place": "3. Platz",
    "%(n)sth place": "%(n)s. Platz",
    "%(name)s wins (the cutest cat)!": "%(name)s gewinnt (die süßeste Katze)!",
    "%(total)s beats the %(level)s target of %(target)s: it goes in your Purr-sonal Best!":
        "%(total)s schlägt das Ziel %(target)s der Stufe %(level)s: das kommt in deine Purr-sönliche Bestleistung!",
    "%(total)s is short of the %(level)s target of %(target)s: try again.":
        "%(total)s reicht nicht für das Ziel %(target)s der Stufe %(level)s: versuch es noch einmal.",
    "Totals": "Summen",
    "not yet": "noch nicht",
    "Cats & kittens (× 5)": "Katzen & Kätzchen (× 5)",
    "Unused pack rats (× 1)": "Unbenutzte Packratten (× 1)",
    "Upper total": "Zwischensumme oben",
    "%(colour)s (largest group)": "%(colour)s (größte Gruppe)",
    "Colour group total": "Summe Farbgruppen",
    "Total": "Gesamt",
    "(tie-break)": "(Gleichstand)",
    "Tie decided by": "Gleichstand entschieden durch",
    "empty spaces": "leere Felder",
    "pack rats": "Packratten",
    "a cute cat vote": "Katzen-Abstimmung",
    "Colour key: tiles touching → points": "Farbschlüssel: zusammenhängende Plättchen → Punkte",
    "Tiles": "Plättchen",
    "Keep it:": "Zum Aufheben:",
    "Print or save as PDF": "Drucken oder als PDF speichern",
    "Fill in a pad here": "Hier einen Wertungsblock ausfüllen",
    "Players can fill in their own on their phones; the board can fill in anyone's.":
        "Alle können ihren eigenen auf dem Handy ausfüllen; am Spielbrett geht jeder.",
    "Play again (same seats)": "Noch einmal (dieselben Plätze)",
    "Play again": "Noch einmal spielen",
    "%(names)s join this next game.": "%(names)s spielen beim nächsten Spiel mit.",
    "Watching: %(names)s — they play in the rematch.": "Schauen zu: %(names)s — sie spielen bei der Revanche mit.",
    # The vote
    "Cutest cat vote": "Abstimmung: süßeste Katze",
    "round %(n)s": "Runde %(n)s",
    "Still tied after empty spaces and pack rats: %(names)s. Each pulls up the cutest cat picture they can find; everyone is in the tie, so the table picks together and records it here.":
        "Nach leeren Feldern und Packratten noch gleichauf: %(names)s. Alle suchen das süßeste Katzenbild, das sie "
        "finden können; alle sind am Gleichstand beteiligt, also wählt der Tisch gemeinsam und trägt es hier ein.",
    "Still tied after empty spaces and pack rats: %(names)s. Each pulls up the cutest cat picture they can find; the others vote on their phones.":
        "Nach leeren Feldern und Packratten noch gleichauf: %(names)s. Alle suchen das süßeste Katzenbild, das sie "
        "finden können; die anderen stimmen auf ihren Handys ab.",
    "%(name)s's cat wins the vote.": "Die Katze von %(name)s gewinnt die Abstimmung.",
    "%(name)s's cat": "Katze von %(name)s",
    "Voted:": "Abgestimmt:",
    "voted": "hat abgestimmt",
    # Purr-sonal Best
    "Purr-sonal Best": "Purr-sönliche Bestleistung",
    "best solo scores at this companion": "beste Solo-Ergebnisse auf diesem Companion",
    "Date": "Datum",
    "Name": "Name",
    "Solo card": "Solo-Karte",
    "Score": "Punkte",
    "Beat a Victory Condition target and your score is recorded here.":
        "Schlag das Ziel einer Siegbedingungskarte, dann wird dein Ergebnis hier eingetragen.",
    # Recent events
    "Recent": "Zuletzt",
    "Round %(n)s: %(name)s has the suitcase token": "Runde %(n)s: %(name)s hat den Koffermarker",
    "Round %(n)s: %(name)s has the suitcase token; the Cat Ladies block %(positions)s":
        "Runde %(n)s: %(name)s hat den Koffermarker; die Katzenladys sperren %(positions)s",
    "%(name)s takes draft position %(position)s": "%(name)s nimmt Draft-Position %(position)s",
    "%(name)s discarded tile %(tile)s (it did not fit)": "%(name)s hat Plättchen %(tile)s abgeworfen (es passte nicht)",
    "%(name)s took tile %(tile)s": "%(name)s hat Plättchen %(tile)s genommen",
    "A Cat Lady flipped %(token)s and removed tile %(tile)s":
        "Eine Katzenlady hat %(token)s aufgedeckt und Plättchen %(tile)s entfernt",
    "A Cat Lady flipped %(token)s and removed tile %(tile)s (tile %(token)s was gone, so the next one clockwise)":
        "Eine Katzenlady hat %(token)s aufgedeckt und Plättchen %(tile)s entfernt (Plättchen %(token)s war weg, "
        "also das nächste im Uhrzeigersinn)",
    "Round %(n)s is over": "Runde %(n)s ist vorbei",
    "Round %(n)s is over: time to score": "Runde %(n)s ist vorbei: Zeit für die Wertung",
    "Score pads are open": "Die Wertungsblöcke sind offen",
    "%(name)s scored %(total)s": "%(name)s hat %(total)s Punkte",
    "%(name)s voted": "%(name)s hat abgestimmt",
    "%(name)s's cat is the cutest": "Die Katze von %(name)s ist die süßeste",
    "The vote is tied: vote again": "Die Abstimmung ist unentschieden: stimmt noch einmal ab",
    "Game %(n)s begins": "Spiel %(n)s beginnt",
    # New-table page
    "How will you play?": "Wie wollt ihr spielen?",
    "Mode": "Modus",
    "Full game (2–4 players): rounds, draft board, Cat Ladies and score pad":
        "Volles Spiel (2–4 Spieler): Runden, Draft-Plan, Katzenladys und Wertungsblock",
    "Score pad only (1–4 players): you played on the table, the app adds up":
        "Nur Wertungsblock (1–4 Spieler): ihr habt auf dem Tisch gespielt, die App rechnet zusammen",
    "Solo: one player against the Cat Ladies": "Solo: ein Spieler gegen die Katzenladys",
    "Solo only: your Victory Condition card": "Nur Solo: deine Siegbedingungskarte",
    "Victory level": "Siegstufe",
    "Target score printed on the card": "Zielpunktzahl auf der Karte",
    "The card names its To Do Lists: type their numbers (1–4), or leave 0 to draw one at random.":
        "Die Karte nennt ihre To-do-Listen: gib ihre Nummern ein (1–4) oder lass 0 stehen, um eine zufällig zu ziehen.",
    "To Do List %(n)s": "To-do-Liste %(n)s",
    # Refusals raised by the rules
    "There is no tile left for the Cat Lady to take.": "Es ist kein Plättchen mehr da, das die Katzenlady nehmen kann.",
    "Nobody has joined yet: scan the QR code with a phone to take a seat.":
        "Noch niemand ist beigetreten: scanne den QR-Code mit einem Handy, um Platz zu nehmen.",
    "A full game needs 2 to 4 players; for one player make a solo table.":
        "Ein volles Spiel braucht 2 bis 4 Spieler; leg für einen Spieler einen Solo-Tisch an.",
    "The first player must be one of the players at the table.":
        "Der Startspieler muss einer der Spieler am Tisch sein.",
    "The game has already started.": "Das Spiel hat schon begonnen.",
    "Draft positions are chosen at the start of a round.": "Draft-Positionen werden zu Beginn einer Runde gewählt.",
    "It is %(name)s's turn to choose a draft position.": "%(name)s ist dran und wählt eine Draft-Position.",
    "The Cat Ladies have blocked position %(position)s this round.":
        "Die Katzenladys haben Position %(position)s in dieser Runde gesperrt.",
    "Position %(position)s is taken by %(name)s.": "Position %(position)s hat schon %(name)s.",
    "Tiles are drafted after everyone has chosen a draft position.":
        "Plättchen werden genommen, wenn alle eine Draft-Position gewählt haben.",
    "A Cat Lady drafts now: flip her token first.": "Jetzt ist eine Katzenlady dran: dreh zuerst ihren Marker um.",
    "It is %(name)s's turn to take a tile.": "%(name)s ist dran und nimmt ein Plättchen.",
    "Tile %(tile)s is already gone: pick one of the tiles still on the mat.":
        "Plättchen %(tile)s ist schon weg: nimm eines der Plättchen, die noch auf dem Spielplan liegen.",
    "%(name)s has no pack rats left.": "%(name)s hat keine Packratten mehr.",
    "%(name)s has only 1 pack rat.": "%(name)s hat nur 1 Packratte.",
    "%(name)s has only %(n)s pack rats.": "%(name)s hat nur %(n)s Packratten.",
    "Cat Lady tokens are flipped during the draft.": "Katzenlady-Marker werden während des Drafts umgedreht.",
    "Position %(position)s is a player's: they take a tile now.":
        "Position %(position)s gehört einem Spieler: er nimmt jetzt ein Plättchen.",
    "%(name)s (suitcase token) or the board flips the Cat Lady token.":
        "%(name)s (Koffermarker) oder das Spielbrett dreht den Katzenlady-Marker um.",
    "Finish the draft of this round first.": "Beendet zuerst den Draft dieser Runde.",
    "Score pads open after round 12.": "Die Wertungsblöcke öffnen nach Runde 12.",
    "Start the game first.": "Starte zuerst das Spiel.",
    "Your phone fills in your own score pad; the board can fill in anyone's.":
        "Dein Handy füllt deinen eigenen Wertungsblock aus; am Spielbrett geht jeder.",
    "You are watching this game: you will play in the rematch.":
        "Du schaust bei diesem Spiel zu: bei der Revanche spielst du mit.",
    "Choose whose score pad this is.": "Wähle, wessen Wertungsblock das ist.",
    "That seat is not playing this game.": "Dieser Platz spielt bei diesem Spiel nicht mit.",
    "There is no tie to break with a vote.": "Es gibt keinen Gleichstand, über den abgestimmt werden müsste.",
    "The vote is over: the cutest cat has won.": "Die Abstimmung ist vorbei: die süßeste Katze hat gewonnen.",
    "Vote for one of the tied players.": "Stimm für einen der gleichauf liegenden Spieler.",
    "The players outside the tie vote on their phones.":
        "Die Spieler außerhalb des Gleichstands stimmen auf ihren Handys ab.",
    "You are in the tie: the other players vote for the cutest cat.":
        "Du bist am Gleichstand beteiligt: die anderen Spieler stimmen für die süßeste Katze.",
    "Finish scoring this game first.": "Beendet zuerst die Wertung dieses Spiels.",
    # Field labels, shown inside refusals ("%(label)s must be between %(min)s and %(max)s.")
    "mode": "Modus",
    "solo victory level": "Solo-Siegstufe",
    "solo target score": "Solo-Zielpunktzahl",
    "solo To Do List 1": "Solo-To-do-Liste 1",
    "solo To Do List 2": "Solo-To-do-Liste 2",
    "solo To Do List 3": "Solo-To-do-Liste 3",
    "first player": "Startspieler",
    "player": "Spieler",
    "draft position": "Draft-Position",
    "tile": "Plättchen",
    "discard": "Abwerfen",
    "cutest cat": "süßeste Katze",
    "To Do List 1": "To-do-Liste 1",
    "To Do List 2": "To-do-Liste 2",
    "To Do List 3": "To-do-Liste 3",
    "cats and kittens": "Katzen und Kätzchen",
    "unused pack rats": "unbenutzte Packratten",
    "largest magenta group": "größte magentafarbene Gruppe",
    "largest lavender group": "größte lavendelfarbene Gruppe",
    "largest peach group": "größte pfirsichfarbene Gruppe",
    "largest mint group": "größte mintfarbene Gruppe",
    # Names from decks/pack_the_essentials.toml and the game's blurb (translations/names/pack-the-essentials.pot)
    "Magenta": "Magenta", "Lavender": "Lavendel", "Peach": "Pfirsich", "Mint": "Mint",
    "Easy": "Leicht", "Medium": "Mittel", "Hard": "Schwer", "Expuurt": "Expuurt",
    "No bonus: first pick of four tiles": "Kein Bonus: erste Wahl aus vier Plättchen",
    "A sock tile": "Ein Sockenplättchen",
    "An underwear tile and a pack rat": "Ein Unterwäscheplättchen und eine Packratte",
    "A cat toy and a pack rat": "Ein Katzenspielzeug und eine Packratte",
    "Round tracker, draft board with the Cat Ladies, pack rat counts and the score pad; solo mode too.":
        "Rundenzähler, Draft-Plan mit den Katzenladys, Packratten-Zähler und der Wertungsblock; auch solo.",
}
PLURALS = {
    "%(name)s discarded tile %(tile)s (it did not fit) and spent %(num)s pack rat":
        ("%(name)s hat Plättchen %(tile)s abgeworfen (es passte nicht) und %(num)s Packratte eingesetzt",
         "%(name)s hat Plättchen %(tile)s abgeworfen (es passte nicht) und %(num)s Packratten eingesetzt"),
    "%(name)s took tile %(tile)s and spent %(num)s pack rat":
        ("%(name)s hat Plättchen %(tile)s genommen und %(num)s Packratte eingesetzt",
         "%(name)s hat Plättchen %(tile)s genommen und %(num)s Packratten eingesetzt"),
    "%(num)s cat lured": ("%(num)s Katze angelockt", "%(num)s Katzen angelockt"),
    "%(num)s cat toy": ("%(num)s Katzenspielzeug", "%(num)s Katzenspielzeuge"),
    "%(num)s pack rat": ("%(num)s Packratte", "%(num)s Packratten"),
    "%(num)s tile": ("%(num)s Plättchen", "%(num)s Plättchen"),
    "Cat Lady Placement card: ✖ on position %(positions)s":
        ("Katzenlady-Platzierungskarte: ✖ auf Position %(positions)s",
         "Katzenlady-Platzierungskarte: ✖ auf den Positionen %(positions)s"),
    "Only the first to join plays; the others watch and join the rematch.":
        ("Nur wer zuerst beitritt, spielt; die anderen schauen zu und spielen bei der Revanche mit.",
         "Nur die ersten %(num)s, die beitreten, spielen; die anderen schauen zu und spielen bei der Revanche mit."),
}
