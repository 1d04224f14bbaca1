"""German for the fair-play engine: board credential, seats that move with consent, undo log."""
DE = {
    "%(name)s is playing this game: remove the seat when it is over.":
        "%(name)s spielt in diesem Spiel mit: entferne den Platz, wenn es vorbei ist.",
    "%(name)s's own phone is asked first; approve here only if it is gone.":
        "Zuerst wird das Handy von %(name)s gefragt; stimme hier nur zu, wenn es nicht mehr da ist.",
    "%(name)s's seat moved to another phone, with that phone's consent.":
        "Der Platz von %(name)s ist mit dessen Zustimmung auf ein anderes Handy gewechselt.",
    "%(who)s took back %(name)s's “%(move)s”.": "%(who)s hat „%(move)s“ von %(name)s zurückgenommen.",
    "%(who)s took back the board's “%(move)s”.": "%(who)s hat „%(move)s“ des Spielbretts zurückgenommen.",
    "A name cannot contain invisible or direction-changing characters: type it with letters, digits and spaces.":
        "Ein Name darf keine unsichtbaren oder die Schreibrichtung ändernden Zeichen enthalten: "
        "tippe ihn mit Buchstaben, Ziffern und Leerzeichen.",
    "A name needs at least one letter or digit.": "Ein Name braucht mindestens einen Buchstaben oder eine Ziffer.",
    "A phone asks for %(name)s's seat (%(time)s).": "Ein Handy möchte den Platz von %(name)s (%(time)s).",
    "A phone asks to take %(name)s's seat.": "Ein Handy möchte den Platz von %(name)s übernehmen.",
    "A phone's request for %(name)s's seat was refused.": "Die Anfrage eines Handys für den Platz von %(name)s wurde abgelehnt.",
    "Allow": "Erlauben",
    "Allow only if that is you on a new phone. This phone then leaves the table.":
        "Erlaube es nur, wenn du das auf einem neuen Handy bist. Dieses Handy verlässt dann den Tisch.",
    "Another screen as the board": "Ein weiterer Bildschirm als Spielbrett",
    "Approve": "Zustimmen",
    "Back to the board": "Zurück zum Spielbrett",
    "Check now": "Jetzt nachsehen",
    "Forget every screen paired so far": "Alle bisher verbundenen Bildschirme vergessen",
    "Nobody is asking for that seat any more.": "Niemand fragt mehr nach diesem Platz.",
    "Nobody let this phone take that seat (or the request ran out). Ask the player or the host, or join with another name.":
        "Niemand hat diesem Handy den Platz überlassen (oder die Anfrage ist abgelaufen). Frag die Person oder den "
        "Gastgeber, oder tritt mit einem anderen Namen bei.",
    "Only that seat's phone or the table's host can answer this request.":
        "Nur das Handy dieses Platzes oder der Gastgeber des Tisches kann diese Anfrage beantworten.",
    "Only the host can take this back: its result showed something hidden.":
        "Nur der Gastgeber kann das zurücknehmen: das Ergebnis hat etwas Verdecktes gezeigt.",
    "Only the table's host can make another screen a board.":
        "Nur der Gastgeber des Tisches kann einen weiteren Bildschirm zum Spielbrett machen.",
    "Open this code on the screen that should show and run the board (a TV, a second tablet). It works once, for ten "
    "minutes. Show it only to that screen: whoever opens it can act as the board.":
        "Öffne diesen Code auf dem Bildschirm, der das Spielbrett zeigen und bedienen soll (ein Fernseher, ein zweites "
        "Tablet). Er gilt einmal, zehn Minuten lang. Zeig ihn nur diesem Bildschirm: wer ihn öffnet, kann als "
        "Spielbrett handeln.",
    "Refuse": "Ablehnen",
    "Remove %(name)s from the table": "%(name)s vom Tisch entfernen",
    "Remove %(name)s from the table?": "%(name)s vom Tisch entfernen?",
    "Someone wants to take your seat on another phone: allow?":
        "Jemand möchte deinen Platz auf einem anderen Handy übernehmen: erlauben?",
    "That seat is not at this table.": "Diesen Platz gibt es an diesem Tisch nicht.",
    "That's me: move my seat to this phone": "Das bin ich: meinen Platz auf dieses Handy holen",
    "The host": "Der Gastgeber",
    "The host made another screen a board.": "Der Gastgeber hat einen weiteren Bildschirm zum Spielbrett gemacht.",
    "The host moved %(name)s's seat to another phone.": "Der Gastgeber hat den Platz von %(name)s auf ein anderes Handy verlegt.",
    "The host removed %(name)s's seat.": "Der Gastgeber hat den Platz von %(name)s entfernt.",
    "The host took the board away from every paired screen.":
        "Der Gastgeber hat allen verbundenen Bildschirmen das Spielbrett wieder weggenommen.",
    "The seat's phone is asked to agree (or the host, if that phone is gone); then the seat moves here and the other "
    "phone loses it.":
        "Das Handy des Platzes wird um Zustimmung gebeten (oder der Gastgeber, wenn es nicht mehr da ist); dann wechselt "
        "der Platz hierher und das andere Handy verliert ihn.",
    "This page moves on by itself as soon as someone answers.": "Diese Seite geht von selbst weiter, sobald jemand antwortet.",
    "This pairing code is used up or too old: ask the host to show a new one.":
        "Dieser Verbindungscode ist verbraucht oder zu alt: bitte den Gastgeber, einen neuen zu zeigen.",
    "This screen only watches the table: join from your phone to play, or ask the host to make this screen a board.":
        "Dieser Bildschirm schaut nur zu: tritt mit deinem Handy bei, um zu spielen, oder bitte den Gastgeber, "
        "diesen Bildschirm zum Spielbrett zu machen.",
    "This screen watches the table. To play, join from your phone; the host can make this screen a board.":
        "Dieser Bildschirm schaut zu. Zum Spielen tritt mit deinem Handy bei; der Gastgeber kann diesen Bildschirm zum "
        "Spielbrett machen.",
    "This table already has %(count)s paired screens: the host can forget them first.":
        "Dieser Tisch hat schon %(count)s verbundene Bildschirme: der Gastgeber kann sie zuerst vergessen.",
    "Use another screen as the board": "Einen weiteren Bildschirm als Spielbrett nutzen",
    "Waiting: %(name)s's phone is asked to let this phone take the seat. If that phone is gone, ask the host to approve "
    "it on the board.":
        "Warten: Das Handy von %(name)s wird gefragt, ob dieses Handy den Platz übernehmen darf. Wenn es nicht mehr da "
        "ist, bitte den Gastgeber, am Spielbrett zuzustimmen.",
    "What happened at the table": "Was am Tisch passiert ist",
    "%(name)s already took back “%(move)s”: here is the table as it is now.":
        "%(name)s hat „%(move)s“ schon zurückgenommen: so sieht der Tisch jetzt aus.",
    "The board already took back “%(move)s”: here is the table as it is now.":
        "Das Spielbrett hat „%(move)s“ schon zurückgenommen: so sieht der Tisch jetzt aus.",
    "%(name)s already did “%(move)s”: here is the table as it is now.":
        "%(name)s hat „%(move)s“ schon gemacht: so sieht der Tisch jetzt aus.",
    "The board already did “%(move)s”: here is the table as it is now.":
        "Das Spielbrett hat „%(move)s“ schon gemacht: so sieht der Tisch jetzt aus.",
    "Your seat moved to another phone at %(time)s; if that was not you, tell the host.":
        "Dein Platz ist um %(time)s auf ein anderes Handy gewechselt; wenn du das nicht warst, sag es dem Gastgeber.",
    "The host removed your seat at %(time)s. Join again if you want to play.":
        "Der Gastgeber hat deinen Platz um %(time)s entfernt. Tritt wieder bei, wenn du mitspielen willst.",
    "That address has characters this app cannot read.": "Diese Adresse enthält Zeichen, die diese App nicht lesen kann.",
    "That address to go back to is not valid.": "Die Adresse, zu der es zurückgehen soll, ist ungültig.",
    "This companion does not answer to that address. Open it by the address it printed.":
        "Diese App antwortet nicht unter dieser Adresse. Öffne sie unter der Adresse, die sie beim Start angezeigt hat.",
}
