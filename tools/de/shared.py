"""German for the page frame, the home, new-table and join pages, the shared table pages and Cloaked Cats.
English msgid -> German; tools/translations.py merges every file in this folder."""
DE = {
    " and ": " und ",
    "%(min)s to %(max)s": "%(min)s bis %(max)s",
    "%(n)s still in hands and deck": "%(n)s noch auf der Hand und im Stapel",
    "%(name)s ends the turn (and draws a cat card).": "%(name)s beendet den Zug (und zieht eine Katzenkarte).",
    "%(name)s ends the turn.": "%(name)s beendet den Zug.",
    "%(name)s is already at this table.": "%(name)s sitzt schon an diesem Tisch.",
    "%(name)s may guess one feature of another player, or end the turn.":
        "%(name)s darf ein Merkmal eines anderen Spielers raten oder den Zug beenden.",
    "%(name)s played cat #%(number)s: masks from %(masks)s.": "%(name)s hat Katze Nr. %(number)s gespielt: Masken von %(masks)s.",
    "%(name)s played cat #%(number)s: nobody matches it.": "%(name)s hat Katze Nr. %(number)s gespielt: niemand passt dazu.",
    "%(name)s plays a cat card and taps its features on their phone.":
        "%(name)s spielt eine Katzenkarte und tippt ihre Merkmale auf dem Handy an.",
    "%(name)s starts. Everyone's 3 secret features are on their phone.":
        "%(name)s beginnt. Die 3 geheimen Merkmale aller stehen auf ihren Handys.",
    "%(name)s wins!": "%(name)s gewinnt!",
    "%(name)s's feature cards": "Merkmalskarten von %(name)s",
    "%(names)s ran out of masks, so the game ended at once.": "%(names)s hat keine Masken mehr, darum endet das Spiel sofort.",
    "%(names)s share the victory!": "%(names)s teilen sich den Sieg!",
    "(%(n)s hidden)": "(%(n)s verdeckt)",
    "(%(n)s still in hands and deck)": "(%(n)s noch auf der Hand und im Stapel)",
    "(you)": "(du)",
    "1st": "1.",
    "A player's 3 features were all revealed and the round is complete.":
        "Alle 3 Merkmale eines Spielers sind aufgedeckt und die Runde ist zu Ende gespielt.",
    "A stockpile ran out of masks: the game ends at once.": "Ein Vorrat hat keine Masken mehr: das Spiel endet sofort.",
    "Ask": "Fragen",
    "At least %(min)s players are needed.": "Es werden mindestens %(min)s Spieler gebraucht.",
    "At the table": "Am Tisch",
    "Cat #%(number)s (%(features)s):": "Katze Nr. %(number)s (%(features)s):",
    "Cloaked Cats for 2 to 4 players": "Cloaked Cats für 2 bis 4 Spieler",
    "Colours": "Farben",
    "CommuniCat Needs Generator: one screen, no joining": "CommuniCat-Wunschgenerator: ein Bildschirm, ohne Beitreten",
    "Correct this cat": "Diese Katze korrigieren",
    "Create the table": "Tisch anlegen",
    "Dance floor": "Tanzfläche",
    "Dark": "Dunkel",
    "Digits": "Ziffern",
    "Display": "Anzeige",
    "Draw a cat card from the deck, then end your turn.": "Zieh eine Katzenkarte vom Stapel und beende dann deinen Zug.",
    "End my turn": "Zug beenden",
    "End my turn without guessing": "Zug ohne Raten beenden",
    "Final round": "Letzte Runde",
    "Final round: your last guess": "Letzte Runde: dein letzter Tipp",
    "Game over": "Spielende",
    "Go to my seat": "Zu meinem Platz",
    "Guess a feature?": "Ein Merkmal raten?",
    "Have a table code?": "Hast du einen Tisch-Code?",
    "Host: fix a miskeyed cat card": "Gastgeber: falsch eingegebene Katzenkarte berichtigen",
    "Hourglass": "Sanduhr",
    "Join": "Beitreten",
    "Join %(game)s": "%(game)s beitreten",
    "Join from this device": "Mit diesem Gerät beitreten",
    "Joined: %(names)s": "Dabei: %(names)s",
    "Keep the cat cards and the masks on the table as usual: the phones tell you whose masks go on each cat. The first 4 phones to join are dealt in; more can watch.":
        "Katzenkarten und Masken bleiben wie gewohnt auf dem Tisch: die Handys sagen, wessen Masken auf welche Katze "
        "kommen. Die ersten 4 Handys, die beitreten, spielen mit; weitere können zuschauen.",
    "Language": "Sprache",
    "Light": "Hell",
    "Like this device": "Wie dieses Gerät",
    "Masks received": "Erhaltene Masken",
    "New %(game)s table": "Neuer Tisch: %(game)s",
    "No cat has entered the dance floor yet.": "Noch keine Katze ist auf der Tanzfläche.",
    "No, I'll use another name": "Nein, ich nehme einen anderen Namen",
    "Nobody has joined yet.": "Noch niemand ist beigetreten.",
    "On cats": "Auf Katzen",
    "Optional: ask one player about one feature. Right: it is revealed and you take one of their masks. Wrong: you give them one of yours.":
        "Freiwillig: frag einen Spieler nach einem Merkmal. Richtig: es wird aufgedeckt und du nimmst eine seiner Masken. "
        "Falsch: du gibst ihm eine von deinen.",
    "Place the masks": "Masken verteilen",
    "Player": "Spieler",
    "Players": "Spieler",
    "Players: %(players)s": "Spieler: %(players)s",
    "Points": "Punkte",
    "Put one cat card from your hand on the dance floor, then tap the %(min)s or %(max)s features printed on it.":
        "Leg eine Katzenkarte aus deiner Hand auf die Tanzfläche und tippe dann die %(min)s oder %(max)s Merkmale an, "
        "die darauf abgebildet sind.",
    "Put this screen in the middle of the table: it becomes the board with the dance floor. Everyone joins with their phone by scanning the QR code; each phone then gets its owner's 3 secret feature cards, so the feature cards and fans stay in the box.":
        "Stellt diesen Bildschirm in die Tischmitte: er wird zum Spielbrett mit der Tanzfläche. Alle treten mit dem Handy "
        "über den QR-Code bei; jedes Handy bekommt dann die 3 geheimen Merkmalskarten seines Besitzers, so bleiben "
        "Merkmalskarten und Fächer in der Schachtel.",
    "QR code to join table %(code)s": "QR-Code zum Beitreten an Tisch %(code)s",
    "Received": "Erhalten",
    "Rematch: deal new features": "Revanche: neue Merkmale austeilen",
    "Results of finished games": "Ergebnisse beendeter Spiele",
    "Round %(n)s": "Runde %(n)s",
    "Scan the QR code with each phone and take a seat. When everyone is in, press Start: each phone gets 3 secret feature cards and a mask colour, and a random player starts.":
        "Scannt den QR-Code mit jedem Handy und nehmt Platz. Wenn alle dabei sind, drückt auf Start: jedes Handy bekommt "
        "3 geheime Merkmalskarten und eine Maskenfarbe, und ein zufälliger Spieler beginnt.",
    "Scan to join, or open %(url)s": "Zum Beitreten scannen oder %(url)s öffnen",
    "Scores": "Punkte",
    "Start the game": "Spiel starten",
    "Starting player": "Startspieler",
    "Stockpile": "Vorrat",
    "Take a seat": "Platz nehmen",
    "Tap the features really printed on it. Masks go back to, or come out of, the stockpiles to match.":
        "Tippe die Merkmale an, die wirklich darauf abgebildet sind. Masken gehen passend in die Vorräte zurück oder kommen heraus.",
    "That's me: take my seat back on this phone": "Das bin ich: meinen Platz auf dieses Handy holen",
    "The deck, bag, dice, timer and score pad for your cat board games. This tablet is the board; friends join from their phones by scanning the QR code.":
        "Kartenstapel, Beutel, Würfel, Timer und Wertungsblock für eure Katzen-Brettspiele. Dieses Tablet ist das "
        "Spielbrett; Freunde treten mit dem Handy über den QR-Code bei.",
    "The final round is complete.": "Die letzte Runde ist zu Ende gespielt.",
    "The game seats %(max)s and the first %(max)s phones are dealt in: you will watch this one.":
        "Das Spiel hat %(max)s Plätze und die ersten %(max)s Handys spielen mit: bei diesem Spiel schaust du zu.",
    "The host corrected cat #%(number)s: now %(masks)s.": "Der Gastgeber hat Katze Nr. %(number)s berichtigt: jetzt %(masks)s.",
    "The seat moves to this phone; the other device loses it.": "Der Platz zieht auf dieses Handy um; das andere Gerät verliert ihn.",
    "Then draw a cat card from the deck.": "Zieh danach eine Katzenkarte vom Stapel.",
    "This phone already has a seat here as %(name)s.": "Dieses Handy hat hier schon einen Platz als %(name)s.",
    "Tied on points: the most unrevealed features decided.": "Punktgleich: die meisten verdeckten Merkmale haben entschieden.",
    "Timers": "Timer",
    "Undo %(move)s": "%(move)s rückgängig",
    "Unrevealed features": "Verdeckte Merkmale",
    "Waiting for players": "Warten auf Spieler",
    "Watching (the game seats %(max)s): %(names)s": "Schauen zu (das Spiel hat %(max)s Plätze): %(names)s",
    "What happened": "Was geschah",
    "When everyone has joined, press Start (here or on the board). Your 3 secret feature cards will appear on this phone: keep it to yourself.":
        "Wenn alle beigetreten sind, drückt auf Start (hier oder auf dem Brett). Deine 3 geheimen Merkmalskarten "
        "erscheinen auf diesem Handy: zeig es niemandem.",
    "Which cat?": "Welche Katze?",
    "Whom do you ask?": "Wen fragst du?",
    "You are %(name)s": "Du bist %(name)s",
    "You are watching this game.": "Du schaust bei diesem Spiel zu.",
    "You are watching this game; you can be dealt in at the rematch if fewer than %(max)s are playing.":
        "Du schaust bei diesem Spiel zu; bei der Revanche spielst du mit, wenn weniger als %(max)s spielen.",
    "You're in!": "Du bist dabei!",
    "Your masks:": "Deine Masken:",
    "Your name": "Dein Name",
    "Your secret cat": "Deine geheime Katze",
    "Your turn": "Du bist dran",
    "Your turn is nearly done": "Dein Zug ist fast vorbei",
    "Your turn: play a cat card": "Du bist dran: spiel eine Katzenkarte",
    "coming": "folgt",
    "corrected": "berichtigt",
    "e.g. K7PXM3": "z. B. K7PXM3",
    "from": "von",
    "hidden": "verdeckt",
    "hidden feature": "verdecktes Merkmal",
    "no masks": "keine Masken",
    "only on this phone": "nur auf diesem Handy",
    "revealed to all": "für alle aufgedeckt",
    "right": "richtig",
    "table %(code)s": "Tisch %(code)s",
    "turn": "am Zug",
    "winner": "Sieger",
    "wrong": "falsch",
    "%(by)s asked whether %(target)s is %(feature)s: %(right)s, it is revealed and %(by)s takes a mask from %(target)s.":
        "%(by)s hat gefragt, ob %(target)s %(feature)s ist: %(right)s, es wird aufgedeckt und %(by)s nimmt eine Maske von %(target)s.",
    "%(by)s asked whether %(target)s is %(feature)s: %(wrong)s, %(by)s gives %(target)s a mask.":
        "%(by)s hat gefragt, ob %(target)s %(feature)s ist: %(wrong)s, %(by)s gibt %(target)s eine Maske.",
    "All of %(name)s's features are revealed: the round is finished with guess-only turns.":
        "Alle Merkmale von %(name)s sind aufgedeckt: die Runde wird mit reinen Rate-Zügen zu Ende gespielt.",
    # Names from game data (translations/names/shared.pot)
    "Pose": "Haltung", "Coat pattern": "Fellmuster", "Accessory": "Accessoire", "Coat colour": "Fellfarbe",
    "Leaping daredevil": "Springender Draufgänger", "Strutting beauty": "Stolzierende Schönheit",
    "Seated boss": "Sitzender Boss", "Lazy layabout": "Fauler Faulpelz", "Playful kitty": "Verspieltes Kätzchen",
    "Striped": "Gestreift", "Spotted": "Gefleckt", "Ball of yarn": "Wollknäuel", "Fish cocktail": "Fischcocktail",
    "Top hat": "Zylinder", "Toy mouse": "Spielzeugmaus", "White": "Weiß", "Brown": "Braun", "Blue": "Blau",
    "Black": "Schwarz", "Green": "Grün", "Yellow": "Gelb", "Purple": "Lila", "Red": "Rot",
    "Secret feature cards on each phone; masks placed, guesses answered and scores counted for you.":
        "Geheime Merkmalskarten auf jedem Handy; Masken verteilt, Tipps beantwortet und Punkte gezählt.",
}
PLURALS = {
    "%(num)s cat": ("%(num)s Katze", "%(num)s Katzen"),
    "Dance floor: %(num)s cat": ("Tanzfläche: %(num)s Katze", "Tanzfläche: %(num)s Katzen"),
}
