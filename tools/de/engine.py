"""German for the engine's own sentences: field refusals (companion/fields.py) and the labels the
engine gives its fields, the parts' refusals (companion/parts/), the pipeline (companion/tables.py)
and the web layer's error pages and flashes (companion/web/).
English msgid -> German; tools/translations.py merges every file in this folder.

A label is translated on its own and put into a sentence (`%(label)s fehlt.`), so the sentences
are built to take any noun without an article in front of it."""
DE = {
    # companion/fields.py: a field that is missing, malformed or out of range
    "Give one value for %(label)s.": "Gib für %(label)s nur einen Wert an.",
    "%(label)s must be a whole number.": "%(label)s muss eine ganze Zahl sein.",
    "%(label)s must be between %(min)s and %(max)s.": "%(label)s muss zwischen %(min)s und %(max)s liegen.",
    "%(label)s must be one of: %(shown)s.": "%(label)s muss eines davon sein: %(shown)s.",
    "%(label)s must be yes or no.": "%(label)s muss ja oder nein sein.",
    "%(label)s has characters that cannot be shown.": "%(label)s enthält Zeichen, die nicht angezeigt werden können.",
    "%(label)s can be at most %(max_len)s characters.": "%(label)s darf höchstens %(max_len)s Zeichen lang sein.",
    "%(label)s is too long.": "%(label)s ist zu lang.",
    "Each entry of %(label)s can be at most %(item_max_len)s characters.":
        "Jeder Eintrag bei %(label)s darf höchstens %(item_max_len)s Zeichen lang sein.",
    "%(label)s needs %(min_items)s to %(max_items)s entries, separated by commas.":
        "%(label)s braucht %(min_items)s bis %(max_items)s Einträge, durch Kommas getrennt.",
    "The entries of %(label)s must all be different.": "Die Einträge bei %(label)s müssen alle verschieden sein.",
    "Pick %(min_items)s to %(max_items)s for %(label)s.": "Wähle bei %(label)s %(min_items)s bis %(max_items)s aus.",
    "%(label)s has an unknown choice%(shown)s.": "%(label)s enthält eine unbekannte Auswahl%(shown)s.",
    "Pick each %(label)s only once.": "Wähle bei %(label)s jedes nur einmal.",
    "Pick at least %(min_items)s for %(label)s.": "Wähle bei %(label)s mindestens %(min_items)s aus.",
    "%(label)s is missing.": "%(label)s fehlt.",
    # labels of the engine's own fields (Terms inside the sentences above)
    "name": "Name",
    "version": "Version",
    "mode": "Modus",
    "difficulty": "Schwierigkeit",
    "counter": "Zähler",
    # companion/parts/
    "The bag is empty.": "Der Beutel ist leer.",
    "'%(kind)s' does not belong in this bag.": "„%(kind)s“ gehört nicht in diesen Beutel.",
    "The %(name)s cannot go below %(lowest)s (it is at %(value)s).":
        "%(name)s kann nicht unter %(lowest)s sinken (steht bei %(value)s).",
    "The %(name)s cannot go above %(highest)s (it is at %(value)s).":
        "%(name)s kann nicht über %(highest)s steigen (steht bei %(value)s).",
    "Cannot draw a negative number of cards.": "Eine negative Anzahl Karten kann man nicht ziehen.",
    "The deck has only %(size)s cards; cannot draw %(count)s.":
        "Der Stapel hat nur %(size)s Karten; %(count)s können nicht gezogen werden.",
    "There is nobody to pick from yet.": "Es ist noch niemand da, der ausgewählt werden kann.",
    "This was the last round (%(total)s).": "Das war die letzte Runde (%(total)s).",
    "This is the first round.": "Das ist die erste Runde.",
    "The timer is already running.": "Der Timer läuft schon.",
    "The timer is not running.": "Der Timer läuft nicht.",
    "That player is not on the score track.": "Dieser Spieler steht nicht auf der Wertungsleiste.",
    # companion/tables.py: the pipeline
    "Pick one of the games on the home page.": "Wähle eines der Spiele auf der Startseite.",
    "Could not find a free table code; try again.": "Es war kein freier Tisch-Code zu finden; versuch es noch einmal.",
    "This table is full (%(seats)s seats).": "Dieser Tisch ist voll (%(seats)s Plätze).",
    "%(game)s has no preview for '%(move)s'.": "%(game)s hat keine Vorschau für „%(move)s“.",
    "%(game)s has no move called '%(move)s'.": "%(game)s hat keinen Zug namens „%(move)s“.",
    "Join the table from your phone to do that.": "Tritt dafür mit deinem Handy dem Tisch bei.",
    "Only the table's host can do that.": "Das darf nur der Gastgeber des Tisches.",
    "This phone has no seat at this table any more. Join again.":
        "Dieses Handy hat keinen Platz mehr an diesem Tisch. Tritt noch einmal bei.",
    "There is nothing to undo.": "Es gibt nichts rückgängig zu machen.",
    "Only the host can take this back: everyone has seen its result.":
        "Nur der Gastgeber kann das zurücknehmen: alle haben das Ergebnis schon gesehen.",
    "You can undo only your own last action; the host can undo anything.":
        "Du kannst nur deine eigene letzte Aktion rückgängig machen; der Gastgeber kann alles rückgängig machen.",
    "Someone just changed the table: here it is as it is now. Tap again if you still want to.":
        "Gerade hat jemand den Tisch geändert: so sieht er jetzt aus. Tippe noch einmal, wenn du es noch willst.",
    "the board": "das Spielbrett",
    # companion/web/: error pages and flashes
    "Too many unknown table codes from this device; wait a minute.":
        "Zu viele unbekannte Tisch-Codes von diesem Gerät; warte eine Minute.",
    "There is no table with that code.": "Es gibt keinen Tisch mit diesem Code.",
    "There is no table with that code. Check it, or start a new table.":
        "Es gibt keinen Tisch mit diesem Code. Prüf ihn oder leg einen neuen Tisch an.",
    "A table code has 6 letters and digits, like K7PXM3.": "Ein Tisch-Code hat 6 Buchstaben und Ziffern, z. B. K7PXM3.",
    "That language is not available: choose English or Deutsch.":
        "Diese Sprache gibt es hier nicht: wähle English oder Deutsch.",
    "Press New Needs first.": "Drück zuerst auf „Neue Wünsche“.",
    "This request came from another site and was refused.":
        "Diese Anfrage kam von einer anderen Website und wurde abgelehnt.",
    "That request is too large.": "Diese Anfrage ist zu groß.",
    "There is nothing at this address.": "Unter dieser Adresse gibt es nichts.",
    "That address does not take this kind of request.": "Diese Adresse nimmt diese Art von Anfrage nicht an.",
    "That request was malformed.": "Diese Anfrage war fehlerhaft.",
    "Something went wrong.": "Etwas ist schiefgegangen.",
    "The companion cannot save right now (its disk may be full or read-only). Nothing was changed; tell whoever runs it, then try again.":
        "Der Companion kann gerade nicht speichern (sein Speicher ist vielleicht voll oder schreibgeschützt). "
        "Es wurde nichts geändert; sag es der Person, die ihn betreibt, und versuch es dann noch einmal.",
    "The companion cannot save right now. Nothing was changed; try again.":
        "Der Companion kann gerade nicht speichern. Es wurde nichts geändert; versuch es noch einmal.",
    "The companion cannot reach its storage right now. Nothing was changed; tell whoever runs it, then try again.":
        "Der Companion erreicht seinen Speicher gerade nicht. Es wurde nichts geändert; "
        "sag es der Person, die ihn betreibt, und versuch es dann noch einmal.",
    "Something went wrong on the companion. Your table is saved; try again.":
        "Im Companion ist etwas schiefgegangen. Dein Tisch ist gespeichert; versuch es noch einmal.",
    "'as' must be board or seat.": "„as“ muss board oder seat sein.",
    "Too many joins from this device; wait a minute and try again.":
        "Zu viele Beitritte von diesem Gerät; warte eine Minute und versuch es dann noch einmal.",
}
