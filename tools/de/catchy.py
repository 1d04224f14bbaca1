"""German for Catchy! (companion/games/catchy.py, templates/games/catchy/*, translations/names/catchy.pot).
English msgid -> German, du-form; tools/translations.py merges every file in this folder.

Words used throughout: trick = Stich, to lead = ausspielen (the leader = der Ausspieler), the follower
= der Nachspieler, the course = die Strecke, the centre card = die Mittelkarte, a player's Arms = die
Arme von …, the Starting card = die Startkarte, the cat token's sides = Rot / Blau."""
DE = {
    # Field labels (shown inside refusals as Terms)
    "player 1's name": "Name von Spieler 1",
    "player 2's name": "Name von Spieler 2",
    "card colours": "Kartenfarben",
    "highest card number": "höchste Kartenzahl",
    "leader's colour": "Farbe des Ausspielers",
    "leader's number": "Zahl des Ausspielers",
    "leader's Joker": "Joker des Ausspielers",
    "follower's colour": "Farbe des Nachspielers",
    "follower's number": "Zahl des Nachspielers",
    "follower's Joker": "Joker des Nachspielers",
    "leader": "Ausspieler",
    "players": "Spieler",
    "check only": "nur prüfen",
    "cat position": "Position der Katze",
    "cat side": "Seite der Katze",
    "player 1's score": "Punkte von Spieler 1",
    "player 2's score": "Punkte von Spieler 2",
    "round": "Runde",
    "tricks played": "gespielte Stiche",

    # Refusals
    "Give the two players different names.": "Gib den beiden Spielern verschiedene Namen.",
    "The players use the board at this table; this phone can follow the game.":
        "An diesem Tisch wird auf dem Brett gespielt; dieses Handy kann das Spiel verfolgen.",
    "Only the two players' phones can do that; this phone can follow the game.":
        "Das können nur die Handys der beiden Spieler; dieses Handy kann das Spiel verfolgen.",
    "Two phones must join before they can be the players.":
        "Erst müssen zwei Handys beitreten, bevor sie die Spieler sein können.",
    "The players are chosen on the board when they play on the board.":
        "Wenn auf dem Brett gespielt wird, werden die Spieler auf dem Brett gewählt.",
    "Round %(round)s is still being played.": "Runde %(round)s wird noch gespielt.",
    "The game is over: start a rematch for a new game.": "Das Spiel ist vorbei: starte eine Revanche für ein neues Spiel.",
    "Say who holds the Starting card.": "Sag, wer die Startkarte hat.",
    "Give the number on the leader's card.": "Gib die Zahl auf der Karte des Ausspielers an.",
    "The leader's number must be between %(min)s and %(max)s.":
        "Die Zahl des Ausspielers muss zwischen %(min)s und %(max)s liegen.",
    "Pick the colour of the leader's card, or Joker.": "Wähl die Farbe der Karte des Ausspielers oder Joker.",
    "The leader's colour must be one of: %(colours)s.": "Die Farbe des Ausspielers muss eine davon sein: %(colours)s.",
    "You are the leader this trick: enter only your own card.":
        "Du spielst in diesem Stich aus: gib nur deine eigene Karte ein.",
    "Give the number on the follower's card.": "Gib die Zahl auf der Karte des Nachspielers an.",
    "The follower's number must be between %(min)s and %(max)s.":
        "Die Zahl des Nachspielers muss zwischen %(min)s und %(max)s liegen.",
    "Pick the colour of the follower's card, or Joker.": "Wähl die Farbe der Karte des Nachspielers oder Joker.",
    "The follower's colour must be one of: %(colours)s.": "Die Farbe des Nachspielers muss eine davon sein: %(colours)s.",
    "You are the follower this trick: enter only your own card.":
        "Du spielst in diesem Stich nach: gib nur deine eigene Karte ein.",
    "No round is being played: start a round first.": "Gerade läuft keine Runde: starte zuerst eine Runde.",
    "Enter a card: its colour and number, or Joker and its number.":
        "Gib eine Karte ein: ihre Farbe und Zahl oder Joker und seine Zahl.",
    "Start the first round first; there is nothing to correct yet.":
        "Starte zuerst die erste Runde; noch gibt es nichts zu berichtigen.",
    "The round must be between 1 and %(max)s.": "Die Runde muss zwischen 1 und %(max)s liegen.",
    "Change at least one value.": "Ändere mindestens einen Wert.",
    "The game has not started yet.": "Das Spiel hat noch nicht begonnen.",
    "Finish the game first, or start a new game from the board.":
        "Spielt das Spiel erst zu Ende oder startet ein neues Spiel vom Brett aus.",

    # The course and the scores
    "The course": "Die Strecke",
    "Centre": "Mitte",
    "%(name)s's Arms": "Arme von %(name)s",
    "red": "rot",
    "blue": "blau",
    "The cat is on the centre card.": "Die Katze steht auf der Mittelkarte.",
    "The cat is in %(name)s's Arms.": "Die Katze liegt in den Armen von %(name)s.",
    "The cat is one step from %(name)s's Arms.": "Die Katze ist einen Schritt von den Armen von %(name)s entfernt.",
    "Red side up.": "Rote Seite oben.",
    "Blue side up.": "Blaue Seite oben.",
    "%(name)s (you)": "%(name)s (du)",
    "plays from a phone": "spielt mit dem Handy",
    "%(name)s: %(score)s of %(target)s": "%(name)s: %(score)s von %(target)s",
    "leads": "spielt aus",
    "Round %(round)s / %(rounds)s": "Runde %(round)s / %(rounds)s",
    "Tricks played %(tricks)s / %(per_round)s": "Gespielte Stiche %(tricks)s / %(per_round)s",

    # Cards
    "Joker": "Joker",
    "Joker %(number)s": "Joker %(number)s",
    "%(colour)s %(number)s": "%(colour)s %(number)s",
    "odd": "ungerade",
    "even": "gerade",
    "Your card (you lead)": "Deine Karte (du spielst aus)",
    "Your card (you follow)": "Deine Karte (du spielst nach)",
    "%(name)s (leads)": "%(name)s (spielt aus)",
    "%(name)s (follows)": "%(name)s (spielt nach)",

    # A trick, step by step
    "Trick %(number)s": "Stich %(number)s",
    "%(lead)s vs %(follow)s": "%(lead)s gegen %(follow)s",
    "%(leader)s led %(lead)s, %(follower)s played %(follow)s.":
        "%(leader)s hat %(lead)s ausgespielt, %(follower)s hat %(follow)s gespielt.",
    "%(name)s did not follow %(colour)s: that is allowed only when %(name)s had no %(colour)s card left.":
        "%(name)s hat %(colour)s nicht bedient: das ist nur erlaubt, wenn %(name)s keine %(colour)s-Karte mehr hatte.",
    "%(name)s wins the trick: the colours differ, so the leader wins.":
        "%(name)s gewinnt den Stich: die Farben sind verschieden, also gewinnt der Ausspieler.",
    "%(name)s wins the trick: a Joker is in the trick, so the higher number wins, and both are %(number)s: a tie goes to the leader.":
        "%(name)s gewinnt den Stich: ein Joker liegt im Stich, also gewinnt die höhere Zahl, und beide sind %(number)s: "
        "bei Gleichstand gewinnt der Ausspieler.",
    "%(name)s wins the trick: a Joker is in the trick, so the higher number wins: %(high)s beats %(low)s.":
        "%(name)s gewinnt den Stich: ein Joker liegt im Stich, also gewinnt die höhere Zahl: %(high)s schlägt %(low)s.",
    "%(name)s wins the trick: both are %(colour)s, so the higher number wins, and both are %(number)s: a tie goes to the leader.":
        "%(name)s gewinnt den Stich: beide sind %(colour)s, also gewinnt die höhere Zahl, und beide sind %(number)s: "
        "bei Gleichstand gewinnt der Ausspieler.",
    "%(name)s wins the trick: both are %(colour)s, so the higher number wins: %(high)s beats %(low)s.":
        "%(name)s gewinnt den Stich: beide sind %(colour)s, also gewinnt die höhere Zahl: %(high)s schlägt %(low)s.",
    "Joker and a %(number)s: the cat flips to red but does not move.":
        "Joker und eine %(number)s: die Katze wird auf Rot gedreht, bewegt sich aber nicht.",
    "Joker and a %(number)s: the cat flips to blue but does not move.":
        "Joker und eine %(number)s: die Katze wird auf Blau gedreht, bewegt sich aber nicht.",
    "Both odd (%(first)s and %(second)s): the cat flips to red.":
        "Beide ungerade (%(first)s und %(second)s): die Katze wird auf Rot gedreht.",
    "Both odd (%(first)s and %(second)s): the cat flips to blue.":
        "Beide ungerade (%(first)s und %(second)s): die Katze wird auf Blau gedreht.",
    "%(number)s is even: no flip, the cat stays red.":
        "%(number)s ist gerade: kein Drehen, die Katze bleibt auf Rot.",
    "%(number)s is even: no flip, the cat stays blue.":
        "%(number)s ist gerade: kein Drehen, die Katze bleibt auf Blau.",
    "%(first)s and %(second)s are even: no flip, the cat stays red.":
        "%(first)s und %(second)s sind gerade: kein Drehen, die Katze bleibt auf Rot.",
    "%(first)s and %(second)s are even: no flip, the cat stays blue.":
        "%(first)s und %(second)s sind gerade: kein Drehen, die Katze bleibt auf Blau.",
    "Red side up, red moves toward the winner: one step toward %(name)s.":
        "Rote Seite oben, Rot läuft zum Gewinner: ein Schritt in Richtung %(name)s.",
    "Blue side up, blue moves toward the loser: one step toward %(name)s.":
        "Blaue Seite oben, Blau läuft zum Verlierer: ein Schritt in Richtung %(name)s.",
    "That ends the round.": "Damit endet die Runde.",
    "%(name)s leads again.": "%(name)s spielt wieder aus.",
    "%(name)s leads next.": "%(name)s spielt als Nächstes aus.",
    "Values were corrected by hand after this trick (see Recent).":
        "Nach diesem Stich wurden Werte von Hand berichtigt (siehe Zuletzt).",

    # The end of a round
    "Round %(round)s result": "Ergebnis von Runde %(round)s",
    "Round %(round)s is over: the cat reached an Arms space.":
        "Runde %(round)s ist vorbei: die Katze hat ein Arme-Feld erreicht.",
    "Round %(round)s is over: %(tricks)s tricks were played.":
        "Runde %(round)s ist vorbei: %(tricks)s Stiche wurden gespielt.",

    # Recent
    "Recent": "Zuletzt",
    "Board": "Brett",
    "%(by)s: round %(round)s begins, %(name)s leads": "%(by)s: Runde %(round)s beginnt, %(name)s spielt aus",
    "%(by)s: a new game begins": "%(by)s: ein neues Spiel beginnt",
    "%(by)s: corrected %(changes)s": "%(by)s: berichtigt %(changes)s",
    "cat position → %(value)s": "Position der Katze → %(value)s",
    "cat side → %(value)s": "Seite der Katze → %(value)s",
    "round → %(value)s": "Runde → %(value)s",
    "tricks played → %(value)s": "gespielte Stiche → %(value)s",
    "leader → %(value)s": "Ausspieler → %(value)s",
    "%(name)s's score → %(value)s": "Punkte von %(name)s → %(value)s",

    # Fixing a value
    "Fix a value (a misplayed trick, a wrong score)": "Einen Wert berichtigen (ein verspielter Stich, falsche Punkte)",
    "Undo takes back the last action. Here you can set any value; fields you leave as they are do not change. A cat set into an Arms space, or %(tricks)s tricks, ends the round as play would.":
        "Rückgängig nimmt die letzte Aktion zurück. Hier kannst du jeden Wert setzen; Felder, die du lässt, wie sie sind, "
        "ändern sich nicht. Eine Katze in einem Arme-Feld oder %(tricks)s Stiche beenden die Runde wie im Spiel.",
    "Cat position": "Position der Katze",
    "%(pos)s: %(name)s's Arms": "%(pos)s: Arme von %(name)s",
    "%(pos)s: centre": "%(pos)s: Mitte",
    "%(pos)s: toward %(name)s": "%(pos)s: Richtung %(name)s",
    "Cat side": "Seite der Katze",
    "%(name)s's score": "Punkte von %(name)s",
    "Round": "Runde",
    "Tricks played this round": "Gespielte Stiche in dieser Runde",
    "Leader": "Ausspieler",
    "Save the corrections": "Berichtigungen speichern",

    # The board
    "Round 1: who holds the Starting card?": "Runde 1: wer hat die Startkarte?",
    "Set up the course (3 face-down cards, the cat on the centre, red side up) and deal 7 cards each. The player with the Starting card leads the first trick.":
        "Baut die Strecke auf (3 verdeckte Karten, die Katze in die Mitte, rote Seite oben) und gebt jedem 7 Karten. "
        "Wer die Startkarte hat, spielt den ersten Stich aus.",
    "Play from the phones": "Mit den Handys spielen",
    "The first two phones to join are the players: %(first)s (player 1, left end) and %(second)s (player 2, right end). Each phone can enter its own card.":
        "Die ersten beiden Handys, die beigetreten sind, sind die Spieler: %(first)s (Spieler 1, linkes Ende) und "
        "%(second)s (Spieler 2, rechtes Ende). Jedes Handy kann seine eigene Karte eingeben.",
    "%(name)s has it": "%(name)s hat sie",
    "…or play on this tablet only": "…oder nur auf diesem Tablet spielen",
    "Both players enter their cards here. (If both join from their phones first, the phones can be the players.)":
        "Beide Spieler geben ihre Karten hier ein. (Wenn beide zuerst mit ihren Handys beitreten, können die Handys die Spieler sein.)",
    "Both win: %(first)s and %(second)s!": "Beide gewinnen: %(first)s und %(second)s!",
    "New game (rematch)": "Neues Spiel (Revanche)",
    "Phones that joined can become the players at the start of the new game.":
        "Beigetretene Handys können zu Beginn des neuen Spiels die Spieler werden.",
    "Round %(round)s: who holds the Starting card?": "Runde %(round)s: wer hat die Startkarte?",
    "Set the course up again (the cat back on the centre, red side up) and deal.":
        "Baut die Strecke wieder auf (die Katze zurück in die Mitte, rote Seite oben) und teilt aus.",
    "Trick %(number)s of %(tricks)s": "Stich %(number)s von %(tricks)s",
    "%(name)s leads": "%(name)s spielt aus",
    "%(leader)s led %(card)s: now %(follower)s's card.":
        "%(leader)s hat %(card)s ausgespielt: jetzt die Karte von %(follower)s.",
    "%(follower)s entered %(card)s: now %(leader)s's card.":
        "%(follower)s hat %(card)s eingegeben: jetzt die Karte von %(leader)s.",
    "If you play this trick:": "Wenn ihr diesen Stich spielt:",
    "Check first": "Erst prüfen",
    "Play the trick": "Stich spielen",
    "Start a new game": "Ein neues Spiel starten",
    "New game: scores back to 0": "Neues Spiel: Punkte zurück auf 0",

    # The new-table form
    "The two players": "Die beiden Spieler",
    "Playing on this tablet alone? Type both names. If both players join from their phones before the first round, you can make the phones the players instead (their names are used then).":
        "Spielt ihr nur auf diesem Tablet? Gebt beide Namen ein. Wenn beide Spieler vor der ersten Runde mit ihren Handys "
        "beitreten, könnt ihr stattdessen die Handys zu den Spielern machen (dann gelten ihre Namen).",
    "Player 1 (left end of the course)": "Spieler 1 (linkes Ende der Strecke)",
    "Player 2 (right end of the course)": "Spieler 2 (rechtes Ende der Strecke)",
    "Player 1": "Spieler 1",
    "Player 2": "Spieler 2",
    "Your cards (change only if your deck differs)": "Eure Karten (nur ändern, wenn euer Spiel andere hat)",
    "Card colours, as printed on your cards (2 to 6, commas)": "Kartenfarben, wie auf euren Karten gedruckt (2 bis 6, mit Kommas)",
    "Highest number on a card": "Höchste Zahl auf einer Karte",

    # The seat
    "You are %(name)s: player 1, the left end of the course.": "Du bist %(name)s: Spieler 1, das linke Ende der Strecke.",
    "You are %(name)s: player 2, the right end of the course.": "Du bist %(name)s: Spieler 2, das rechte Ende der Strecke.",
    "You are watching: the players are %(first)s and %(second)s. You can join as a player at the next new game.":
        "Du schaust zu: es spielen %(first)s und %(second)s. Beim nächsten neuen Spiel kannst du als Spieler mitmachen.",
    "The players use the board at this table; you can follow the game here. Phones can become the players at the next new game.":
        "An diesem Tisch wird auf dem Brett gespielt; hier kannst du das Spiel verfolgen. Beim nächsten neuen Spiel "
        "können Handys die Spieler werden.",
    "You are player 1 (left end) if you play from the phones.": "Du bist Spieler 1 (linkes Ende), wenn ihr mit den Handys spielt.",
    "You are player 2 (right end) if you play from the phones.": "Du bist Spieler 2 (rechtes Ende), wenn ihr mit den Handys spielt.",
    "I hold the Starting card": "Ich habe die Startkarte",
    "Waiting for the second player to join from a phone (or for the board to start).":
        "Warten, bis der zweite Spieler mit einem Handy beitritt (oder das Brett startet).",
    "Two players have joined already: you can follow the game here.":
        "Zwei Spieler sind schon beigetreten: hier kannst du das Spiel verfolgen.",
    "you lead": "du spielst aus",
    "%(name)s played %(card)s.": "%(name)s hat %(card)s gespielt.",
    "You entered %(card)s.": "Du hast %(card)s eingegeben.",
    "You entered %(card)s: waiting for the other card.": "Du hast %(card)s eingegeben: warten auf die andere Karte.",
    "I played this card": "Diese Karte habe ich gespielt",

    # Names from game data (translations/names/catchy.pot); the colours are shared with Cloaked Cats
    "The course, the cat token and the trick maths for two players: who wins, does the cat flip, where it walks.":
        "Die Strecke, die Katzenfigur und die Stichrechnung für zwei Spieler: wer gewinnt, dreht sich die Katze, wohin läuft sie.",
}
PLURALS = {
    "The cat is in %(name)s's Arms: %(num)s point to %(name)s.":
        ("Die Katze liegt in den Armen von %(name)s: %(num)s Punkt für %(name)s.",
         "Die Katze liegt in den Armen von %(name)s: %(num)s Punkte für %(name)s."),
    "The cat ended nearer %(name)s: %(num)s point to %(name)s.":
        ("Die Katze steht näher bei %(name)s: %(num)s Punkt für %(name)s.",
         "Die Katze steht näher bei %(name)s: %(num)s Punkte für %(name)s."),
    "The cat ended on the centre card: %(num)s point each.":
        ("Die Katze steht auf der Mittelkarte: je %(num)s Punkt.",
         "Die Katze steht auf der Mittelkarte: je %(num)s Punkte."),
}
