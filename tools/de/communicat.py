"""German for CommuniCat (board, seat, new-table options, refusals) and the standalone Needs Generator.
Words of the game, as on the German table: a Need is a Wunsch (the page is the "Wunschgenerator", as
on the home page), the Cat is die Katze, the Owners die Besitzer, Pattern cards Musterkarten, the
Mishap pile der Missgeschick-Stapel, Nine Lives die Neun Leben, their tokens Marken. Du-form."""
DE = {
    # the board and the seat
    "\"Show Cat Need\" is for playing on this one screen: the others look away.":
        "„Katzenwunsch zeigen“ ist zum Spielen an diesem einen Bildschirm: die anderen schauen weg.",
    "%(n)s of %(max)s left": "%(n)s von %(max)s übrig",
    "%(name)s (Cat)": "%(name)s (Katze)",
    "%(name)s is the Cat": "%(name)s ist die Katze",
    "%(name)s is the Cat next round": "%(name)s ist nächste Runde die Katze",
    "%(name)s is the Cat · then %(next)s": "%(name)s ist die Katze · danach %(next)s",
    "%(name)s: %(score)s of %(target)s": "%(name)s: %(score)s von %(target)s",
    "%(name)s: %(score)s of %(target)s points": "%(name)s: %(score)s von %(target)s Punkten",
    "%(seconds)s s": "%(seconds)s s",
    "%(team)s (%(nickname)s) wins!": "%(team)s (%(nickname)s) gewinnt!",
    "%(team)s (%(nickname)s) wins, ahead when the Pattern deck ran out!":
        "%(team)s (%(nickname)s) gewinnt: vorne, als der Musterstapel leer war!",
    "%(team)s Cat: %(name)s": "Katze %(team)s: %(name)s",
    "%(team)s goes first next round; the first team alternates.":
        "%(team)s beginnt die nächste Runde; das beginnende Team wechselt sich ab.",
    "%(team)s goes first this round; the first team alternates.":
        "%(team)s beginnt diese Runde; das beginnende Team wechselt sich ab.",
    "%(team)s guessed: %(points)s → %(score)s": "%(team)s hat es erraten: %(points)s → %(score)s",
    "%(team)s: %(name)s": "%(team)s: %(name)s",
    "(2+ players, one Cat)": "(ab 2 Spielern, eine Katze)",
    "(4+ players, Blue vs Orange)": "(ab 4 Spielern, Blau gegen Orange)",
    "A draw: the Pattern deck ran out with the scores level.":
        "Unentschieden: der Musterstapel ist leer und beide Teams haben gleich viele Punkte.",
    "After each round the Cat passes to the left (the next player in joining order). Someone who joins later takes their turn as Cat when the rotation reaches them.":
        "Nach jeder Runde geht die Katze nach links weiter (an den nächsten Spieler in der Reihenfolge des "
        "Beitretens). Wer später beitritt, ist Katze, wenn die Reihe an ihm ist.",
    "Apply and end the round": "Übernehmen und Runde beenden",
    "Blue": "Blau",
    "Blue guessed": "Blau hat es erraten",
    "Blue · Paw": "Blau · Pfote",
    "Blue “Paw” team": "Team Blau „Pfote“",
    "Blue's turn": "Blau ist dran",
    "Both Cats have the same Need this round!": "Beide Katzen haben diese Runde denselben Wunsch!",
    "Cat": "Katze",
    "Cat out of Patterns": "Katze ohne Musterkarten",
    "Cat out of Patterns (%(points)s)": "Katze hat keine Musterkarten mehr (%(points)s)",
    "Cat's Need": "Wunsch der Katze",
    "Cat: %(name)s": "Katze: %(name)s",
    "Clarity": "Klarheit",
    "Clarity: spend a token, the Cat plays a Pattern": "Klarheit: gib eine Marke aus, die Katze spielt eine Musterkarte",
    "Competitive": "Gegeneinander",
    "Confidence": "Zuversicht",
    "Confidence is on this guess.": "Zuversicht liegt auf diesem Tipp.",
    "Confidence on the right guess (%(points)s)": "Zuversicht auf dem richtigen Tipp (%(points)s)",
    "Confidence: spend a token on this guess (+1 if right)": "Zuversicht: eine Marke auf diesen Tipp (+1, wenn er stimmt)",
    "Cooperative": "Miteinander",
    "Custom": "Eigene",
    "Custom timer seconds": "Eigene Timer-Länge in Sekunden",
    "Custom:": "Eigene:",
    "Deal again": "Neu austeilen",
    "Difficulty": "Schwierigkeit",
    "Difficulty (how many Needs are laid out)": "Schwierigkeit (wie viele Wünsche ausliegen)",
    "Each Cat sees their team's secret Need on their own phone.":
        "Jede Katze sieht den geheimen Wunsch ihres Teams auf ihrem eigenen Handy.",
    "Easy": "Leicht",
    "Guessed": "Erraten",
    "Guessed with Confidence": "Erraten mit Zuversicht",
    "Hard": "Schwer",
    "Hide Cat Need": "Katzenwunsch verbergen",
    "Hide Cat Needs": "Katzenwünsche verbergen",
    "How did it end?": "Wie ist sie ausgegangen?",
    "Ignorance": "Ahnungslosigkeit",
    "Ignorance: put a token on the Mishap pile": "Ahnungslosigkeit: leg eine Marke auf den Missgeschick-Stapel",
    "Keep your phone to yourself. Make the Owners guess it with your Patterns.":
        "Zeig dein Handy niemandem. Lass die Besitzer ihn mit deinen Musterkarten erraten.",
    "Mishap cards": "Missgeschick-Karten",
    "Mishap pile": "Missgeschick-Stapel",
    "Mode": "Modus",
    "Need": "Wunsch",
    "New Needs": "Neue Wünsche",
    "Next team: %(team)s": "Nächstes Team: %(team)s",
    "Nine Lives": "Neun Leben",
    "Nine Lives on the Mishap pile": "Neun-Leben-Marken auf dem Missgeschick-Stapel",
    "No round resolved yet.": "Noch keine Runde gewertet.",
    "Nobody guessed": "Niemand hat es erraten",
    "Nobody has joined: play on this screen (Show Cat Need), or scan the QR code to put the Need on the Cat's phone.":
        "Noch niemand ist beigetreten: spielt an diesem Bildschirm (Katzenwunsch zeigen) oder scannt den QR-Code, "
        "damit der Wunsch auf dem Handy der Katze erscheint.",
    "Nobody yet.": "Noch niemand.",
    "Nobody: the shared hand ran out (0)": "Niemand: die gemeinsame Hand ist leer (0)",
    "Normal": "Normal",
    "Orange": "Orange",
    "Orange guessed": "Orange hat es erraten",
    "Orange · Scratch": "Orange · Kratzer",
    "Orange “Scratch” team": "Team Orange „Kratzer“",
    "Orange's turn": "Orange ist dran",
    "Outcome": "Ausgang",
    "Owners guessed (%(points)s)": "Die Besitzer haben es erraten (%(points)s)",
    "Owners look away; the Cat presses Show Cat Need, remembers it, and presses again to hide it.":
        "Die Besitzer schauen weg; die Katze drückt „Katzenwunsch zeigen“, merkt ihn sich und drückt noch "
        "einmal, um ihn zu verbergen.",
    "Owners pass": "Besitzer passen",
    "Pass: the Cat discards a Pattern to the Mishap pile": "Passen: die Katze legt eine Musterkarte auf den Missgeschick-Stapel",
    "Pattern deck empty? That ends the game: the table loses.": "Musterstapel leer? Dann endet das Spiel: der Tisch verliert.",
    "Pattern deck empty? That ends the game: the team ahead wins.": "Musterstapel leer? Dann endet das Spiel: das führende Team gewinnt.",
    "Pause": "Pause",
    "Paw": "Pfote",
    "Play to %(target)s points": "Spielen bis %(target)s Punkte",
    "Players and teams": "Spieler und Teams",
    "Players join from their phones after you create the table. The secret Need then appears on the Cat's phone only.":
        "Die Spieler treten mit ihren Handys bei, nachdem du den Tisch angelegt hast. Der geheime Wunsch "
        "erscheint dann nur auf dem Handy der Katze.",
    "Press New Needs to lay out %(count)s Needs (%(difficulty)s).":
        "Drück „Neue Wünsche“, um %(count)s Wünsche auszulegen (%(difficulty)s).",
    "Rematch with the same players": "Revanche mit denselben Spielern",
    "Reset": "Zurücksetzen",
    "Resolve round %(n)s": "Runde %(n)s werten",
    "Resolve the round": "Runde werten",
    "Resume": "Weiter",
    "Round %(n)s: ready": "Runde %(n)s: bereit",
    "Round history": "Rundenverlauf",
    "Rounds": "Runden",
    "Save settings": "Einstellungen speichern",
    "Score": "Punkte",
    "Score track": "Wertungsleiste",
    "Scratch": "Kratzer",
    "Settings: %(mode)s · %(difficulty)s (%(count)s) · %(seconds)s s · to %(target)s":
        "Einstellungen: %(mode)s · %(difficulty)s (%(count)s) · %(seconds)s s · bis %(target)s",
    "Show Cat Need": "Katzenwunsch zeigen",
    "Show Cat Needs": "Katzenwünsche zeigen",
    "Someone else first? (\"whoever last stroked a cat\")": "Soll jemand anderes anfangen? („wer zuletzt eine Katze gestreichelt hat“)",
    "Start": "Start",
    "Target score": "Zielpunktzahl",
    "Teams": "Teams",
    "Teams alternate Blue, Orange in the order you joined (a latecomer joins the team their place gives them); move someone between rounds if you want.":
        "Die Teams wechseln sich in der Reihenfolge des Beitretens ab: Blau, Orange (wer später kommt, landet im "
        "Team, das sein Platz ergibt); zwischen den Runden könnt ihr jemanden umsetzen.",
    "The Cat": "Die Katze",
    "The Cat sees the secret Need on their own phone.": "Die Katze sieht den geheimen Wunsch auf ihrem eigenen Handy.",
    "The Needs on the table": "Die ausliegenden Wünsche",
    "The Pattern deck is empty": "Der Musterstapel ist leer",
    "The Pattern deck ran out: the table lost this time.": "Der Musterstapel ist leer: diesmal hat der Tisch verloren.",
    "The rulebook gives no length; 60 seconds is our default.": "Die Spielregel nennt keine Länge; wir nehmen 60 Sekunden.",
    "The rulebook plays to 10.": "Die Spielregel spielt bis 10.",
    "The timer starts once the Needs are out.": "Der Timer läuft, sobald die Wünsche ausliegen.",
    "This round: %(points)s points → score %(score)s of %(target)s":
        "Diese Runde: %(points)s Punkte → Punktestand %(score)s von %(target)s",
    "This round: Confidence %(confidence)s · Ignorance %(ignorance)s · Clarity %(clarity)s":
        "Diese Runde: Zuversicht %(confidence)s · Ahnungslosigkeit %(ignorance)s · Klarheit %(clarity)s",
    "Time": "Zeit",
    "Time left": "Restzeit",
    "Time ran out": "Zeit abgelaufen",
    "Time ran out (%(points)s)": "Die Zeit ist abgelaufen (%(points)s)",
    "Time's up! Resolve the round or pass to the next team.": "Zeit ist um! Wertet die Runde oder gebt an das nächste Team weiter.",
    "Time's up! Resolve the round.": "Zeit ist um! Wertet die Runde.",
    "Timer": "Timer",
    "Timer for the timed stage": "Timer für die Zeitphase",
    "Together": "Gemeinsam",
    "Waiting for New Needs.": "Warten auf neue Wünsche.",
    "Which team's Owners guessed their Cat's Need? (%(points)s)":
        "Welches Team hat den Wunsch seiner Katze erraten? (%(points)s)",
    "Wrong guess": "Falscher Tipp",
    "Wrong guess: a Pattern goes to the Mishap pile": "Falscher Tipp: eine Musterkarte kommt auf den Missgeschick-Stapel",
    "You are an Owner: guess the Cat's Need (%(name)s is the Cat).":
        "Du bist Besitzer: errate den Wunsch der Katze (%(name)s ist die Katze).",
    "You are an Owner: guess the Cat's Need.": "Du bist Besitzer: errate den Wunsch der Katze.",
    "You are the Cat next round.": "Du bist nächste Runde die Katze.",
    "You are the Cat.": "Du bist die Katze.",
    "You are the Cat. Your secret Need:": "Du bist die Katze. Dein geheimer Wunsch:",
    "You won together: %(score)s points!": "Ihr habt gemeinsam gewonnen: %(score)s Punkte!",
    "Your secret Need": "Dein geheimer Wunsch",
    "make Cat": "zur Katze machen",
    "the Cat": "die Katze",
    "to %(target)s": "bis %(target)s",
    # the standalone Needs Generator (templates/needs, companion/web/needs.py)
    "%(count)s Needs · Competitive. Owners look away; the Cats press Show Cat Needs, then again to hide.":
        "%(count)s Wünsche · Gegeneinander. Die Besitzer schauen weg; die Katzen drücken „Katzenwünsche zeigen“ "
        "und dann noch einmal zum Verbergen.",
    "%(count)s Needs · Cooperative. Owners look away; the Cat presses Show Cat Need, then again to hide.":
        "%(count)s Wünsche · Miteinander. Die Besitzer schauen weg; die Katze drückt „Katzenwunsch zeigen“ "
        "und dann noch einmal zum Verbergen.",
    "CommuniCat Needs Generator": "CommuniCat-Wunschgenerator",
    "CommuniCat · Needs Generator": "CommuniCat · Wunschgenerator",
    "Pick the difficulty and the mode, then press %(new)s. The Needs will be laid out here; the Cat presses %(show)s while the Owners look away.":
        "Wähl Schwierigkeit und Modus und drück dann %(new)s. Die Wünsche liegen dann hier aus; die Katze "
        "drückt %(show)s, während die Besitzer wegschauen.",
    "Play with phones instead": "Lieber mit Handys spielen",
    "Press New Needs first.": "Drück zuerst auf „Neue Wünsche“.",
    # refusals (companion/games/communicat.py)
    "%(placed)s Nine Lives tokens were placed on the Mishap pile this round; undo an Ignorance spend to change that.":
        "Diese Runde wurden %(placed)s Neun-Leben-Marken auf den Missgeschick-Stapel gelegt; mach eine "
        "Ahnungslosigkeit rückgängig, um das zu ändern.",
    "%(what)s belong to the cooperative game.": "%(what)s gehören zum Spiel miteinander.",
    "A round is under way: change teams after resolving it.": "Eine Runde läuft: wechselt die Teams, wenn sie gewertet ist.",
    "A round is under way: resolve it first (or undo New Needs).":
        "Eine Runde läuft: wertet sie zuerst (oder macht „Neue Wünsche“ rückgängig).",
    "A score is already at %(target)s or more: pick a higher target.":
        "Ein Punktestand ist schon bei %(target)s oder mehr: wähl ein höheres Ziel.",
    "Confidence is already on this guess: make the guess first.": "Zuversicht liegt schon auf diesem Tipp: gebt erst den Tipp ab.",
    "Confidence takes exactly one token.": "Zuversicht braucht genau eine Marke.",
    "Give the custom timer length in seconds.": "Gib die eigene Timer-Länge in Sekunden an.",
    "In competitive mode each team's button shows its points.": "Gegeneinander zeigt der Knopf jedes Teams seine Punkte.",
    "Next team is for the competitive game.": "„Nächstes Team“ gibt es nur im Spiel gegeneinander.",
    "No round is under way: press New Needs first.": "Es läuft keine Runde: drück zuerst „Neue Wünsche“.",
    "Only %(left)s Nine Lives tokens are left.": "Nur noch %(left)s Neun-Leben-Marken übrig.",
    "Only one Nine Lives token is left.": "Nur noch eine Neun-Leben-Marke übrig.",
    "Say how the round ended: guessed, Cat out of Patterns, or time out.":
        "Sag, wie die Runde ausging: erraten, Katze ohne Musterkarten oder Zeit abgelaufen.",
    "Say which team guessed: blue, orange, or none.": "Sag, welches Team es erraten hat: Blau, Orange oder keins.",
    "Show Cat Need works on the shared board; the Cat's phone already shows it.":
        "„Katzenwunsch zeigen“ gibt es auf dem gemeinsamen Brett; das Handy der Katze zeigt ihn schon.",
    "Teams are for the competitive game.": "Teams gibt es nur im Spiel gegeneinander.",
    "That player has not joined this table.": "Dieser Spieler ist dem Tisch nicht beigetreten.",
    "The Mishap pile and its count": "Der Missgeschick-Stapel und seine Zählung",
    "The Mishap pile is at its limit (%(limit)s).": "Der Missgeschick-Stapel ist voll (%(limit)s).",
    "The game is still going: rematch is for a finished game.": "Das Spiel läuft noch: eine Revanche gibt es nach dem Spiel.",
    "The mode can change only before the first round is scored: press Rematch after the game, or start a new table.":
        "Der Modus lässt sich nur ändern, bevor die erste Runde gewertet ist: drück nach dem Spiel auf "
        "Revanche oder leg einen neuen Tisch an.",
    "This game is over: press Rematch to play again with the same seats.":
        "Dieses Spiel ist vorbei: drück auf Revanche, um mit denselben Plätzen noch einmal zu spielen.",
    # field labels, shown inside refusals (translations/names/communicat.pot)
    "timer length": "Timer-Länge",
    "custom timer seconds": "eigene Timer-Sekunden",
    "mode": "Modus",
    "difficulty": "Schwierigkeit",
    "target score": "Zielpunktzahl",
    "kind": "Art",
    "tokens": "Marken",
    "reason": "Grund",
    "outcome": "Ausgang",
    "confidence": "Zuversicht",
    "team": "Team",
    "player": "Spieler",
    "version": "Version",
    # the game's blurb on the home page, and the Needs (decks/communicat.toml)
    "The Needs Generator: lay out the Needs, show the Cat its secret Need on its own phone, time the round, spend Nine Lives and keep the score.":
        "Der Wunschgenerator: Wünsche auslegen, der Katze ihren geheimen Wunsch auf dem eigenen Handy zeigen, "
        "die Runde stoppen, Neun Leben ausgeben und die Punkte zählen.",
    "Feed me": "Füttere mich", "Fresh water": "Frisches Wasser", "A treat": "Ein Leckerli",
    "Play with me": "Spiel mit mir", "Stroke me": "Streichle mich", "Leave me alone": "Lass mich in Ruhe",
    "Let me out": "Lass mich raus", "Let me in": "Lass mich rein", "Clean my litter box": "Mein Klo ist schmutzig",
    "I feel poorly": "Mir geht's nicht gut", "Brush my fur": "Bürste mein Fell", "Nap time": "Zeit fürs Nickerchen",
    "Lap, please": "Schoß, bitte", "I'm cold": "Mir ist kalt", "Give me the box": "Gib mir den Karton",
    "Look, a bird!": "Schau, ein Vogel!", "The red dot": "Der rote Punkt", "Something scared me": "Etwas hat mich erschreckt",
    "The dog is bothering me": "Der Hund nervt mich", "Open the window": "Mach das Fenster auf", "No bath!": "Kein Bad!",
    "Catnip!": "Katzenminze!", "I caught a mouse": "Ich hab eine Maus gefangen", "Rub my tummy": "Kraul mir den Bauch",
    "I want the goldfish": "Ich will den Goldfisch", "I'm bored": "Mir ist langweilig", "Cuddle me": "Kuschel mit mir",
    "I'm stuck up high": "Ich sitze oben fest", "Sunny spot": "Sonnenplatz",
    "My toy rolled under the sofa": "Spielzeug unterm Sofa!",
    "The bowl is half empty": "Der Napf ist halb leer", "Trim my claws": "Schneid mir die Krallen",
    "Where's my scratching post?": "Wo ist mein Kratzbaum?", "Chase me": "Fang mich", "Hairball coming": "Gleich kommt ein Haarballen",
    "I want a friend": "Ich will einen Freund", "Too noisy": "Zu laut", "Share your bed": "Teil dein Bett mit mir",
    "Stop typing, look at me": "Hör auf zu tippen, schau her", "Turn on the bird video": "Mach das Vogelvideo an",
}
PLURALS = {
    "%(num)s card": ("%(num)s Karte", "%(num)s Karten"),
    "%(num)s token on it": ("%(num)s Marke darauf", "%(num)s Marken darauf"),
}
