"""Languages: English by default, German from the browser's Accept-Language or the switch (a cookie),
for the home page, the table pages and Cloaked Cats; the German catalogue (messages.po) is current with
the source, complete, keeps every placeholder, and is what the app compiles and reads."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from flask import request
from flask_babel import get_locale
from babel.messages.pofile import read_po

from companion.i18n_extract import move_name
from companion.web.i18n import compile_catalogues

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import translations  # noqa: E402  (tools/translations.py)
from tests.conftest import DE


def test_english_by_default(client):
    html = client.get("/").get_data(as_text=True)
    assert '<html lang="en">' in html and "Have a table code?" in html


@pytest.mark.parametrize("header", ["de-DE,de;q=0.9,en;q=0.5", "en-GB,en;q=0.9", "fr-FR,fr;q=0.9", "de;q=0", "",
                                    "fr, de;q=0.5, en;q=0.4", "*", "xx;q=bad, de", "de-AT" + ", fr" * 100])
def test_the_language_kept_for_a_browser_header_is_werkzeugs_choice(app, header):
    """The choice for an Accept-Language header is kept (i18n.accepted_language); it is the one
    Werkzeug's own parse gives, and a header too long to keep is chosen from afresh."""
    for _ in range(2):   # made, then kept
        with app.test_request_context("/", headers={"Accept-Language": header}):
            assert str(get_locale()) == request.accept_languages.best_match(["en", "de"], default="en")


def test_german_from_the_browser_language(client):
    r = client.get("/", headers=DE)
    html = r.get_data(as_text=True)
    assert '<html lang="de">' in html
    assert "Hast du einen Tisch-Code?" in html and "Beitreten" in html
    assert "Geheime Merkmalskarten auf jedem Handy" in html       # the Cloaked Cats blurb
    assert "Accept-Language" in r.headers["Vary"]


def test_the_switch_remembers_a_language_and_only_goes_back_to_this_site(client):
    r = client.get("/lang/de?next=/new/cloaked-cats")
    assert r.status_code == 303 and r.headers["Location"] == "/new/cloaked-cats"
    assert "lang=de" in r.headers["Set-Cookie"]
    html = client.get("/new/cloaked-cats").get_data(as_text=True)  # the cookie wins, no header needed
    assert "Neuer Tisch: Cloaked Cats" in html and "Cloaked Cats für 2 bis 4 Spieler" in html
    for target in ("https://evil.example/", "//evil.example/", "/\\\\evil.example", None):
        r = client.get("/lang/en", query_string={"next": target} if target else {})
        assert r.status_code == 303 and r.headers["Location"] == "/"
    assert "Have a table code?" in client.get("/").get_data(as_text=True)


def test_an_unknown_language_is_a_404_sentence(client):
    r = client.get("/lang/xx", headers={"Accept": "application/json"})
    assert r.status_code == 404 and "choose English or Deutsch" in r.json["error"]


def test_cloaked_cats_in_german(new_table, device):
    board = new_table("cloaked-cats")
    phones = [device(board).join(n) for n in ("Ann", "Bob", "Cy")]
    lobby = board.client.get(f"/t/{board.code}", headers=DE).get_data(as_text=True)
    assert "Warten auf Spieler" in lobby and "Spiel starten" in lobby and "Tisch anlegen" not in lobby
    board.act("start")
    seat = phones[0].client.get(f"/t/{board.code}/seat", headers=DE).get_data(as_text=True)
    assert "Deine geheime Katze" in seat and "nur auf diesem Handy" in seat
    names = {"Springender Draufgänger", "Stolzierende Schönheit", "Sitzender Boss", "Fauler Faulpelz",
             "Verspieltes Kätzchen", "Gestreift", "Gefleckt", "Wollknäuel", "Fischcocktail", "Zylinder",
             "Spielzeugmaus", "Weiß", "Braun", "Blau", "Schwarz", "Grün", "Gelb", "Lila", "Rot"}
    assert sum(n in seat for n in names) >= 3                        # the features are named in German
    board_html = board.client.get(f"/t/{board.code}", headers=DE).get_data(as_text=True)
    assert "Tanzfläche" in board_html and "Am Tisch" in board_html
    # English stays English for an English phone at the same table.
    assert "Your secret cat" in phones[1].client.get(f"/t/{board.code}/seat").get_data(as_text=True)


@pytest.fixture(scope="module")
def fresh_pot(tmp_path_factory) -> Path:
    """What `pybabel extract` finds in the source now (the first step of tools/translations.py)."""
    out = tmp_path_factory.mktemp("extract") / "messages.pot"
    subprocess.run(translations.extract_command(out), cwd=ROOT, check=True, capture_output=True)
    return out


def test_the_catalogue_is_current_with_the_source(fresh_pot):
    """messages.po holds every marked string and nothing the source dropped, as `pybabel update`
    leaves it (tools/translations.py): Babel's own check."""
    fresh = {m.id for m in _read(fresh_pot) if m.id}
    stored = {m.id for m in _read(translations.GERMAN) if m.id}
    assert (fresh - stored, stored - fresh) == (set(), set()), "run python tools/translations.py"
    check = subprocess.run(translations.update_command(fresh_pot, translations.TRANSLATIONS, "--check"),
                           cwd=ROOT, capture_output=True, text=True)
    assert check.returncode == 0, f"run python tools/translations.py\n{check.stderr[-2000:]}"


def test_german_translates_everything():
    po = _read(translations.GERMAN)
    for message in po:
        if not message.id:
            continue
        hint = " (an obsolete #~ entry at the end of messages.po has it)" if message.id in po.obsolete else ""
        assert all(_strings(message)), f"no German for {message.id!r}{hint}"
        assert not message.fuzzy, f"the German for {message.id!r} is a fuzzy guess: check it, then drop '#, fuzzy'"
    assert translations.untranslated(translations.GERMAN) == []


def test_the_app_compiles_the_catalogue_it_reads_from_the_po(app, tmp_path):
    """messages.mo is never in git: start-up compiles it from messages.po when missing or older."""
    compiled = _read_mo(translations.GERMAN.with_suffix(".mo"))          # the app fixture started up
    assert compiled == {_key(m.id): _strings(m) for m in _read(translations.GERMAN)   # as pybabel compile:
                        if m.id and all(_strings(m)) and not m.fuzzy}            # no empty or fuzzy German
    po = tmp_path / "de" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_bytes(translations.GERMAN.read_bytes())
    compile_catalogues(tmp_path)
    assert _read_mo(po.with_suffix(".mo")) == compiled
    po.write_text(po.read_text().replace('msgstr "Würfel"', 'msgstr "Die Würfel"'))   # a translator's edit
    compile_catalogues(tmp_path)
    assert _read_mo(po.with_suffix(".mo"))["dice"] == ("Die Würfel",)
    stamp = po.with_suffix(".mo").stat().st_mtime_ns
    compile_catalogues(tmp_path)                                       # current: left alone
    assert po.with_suffix(".mo").stat().st_mtime_ns == stamp


def test_german_for_english_not_in_the_source_yet_is_kept_as_obsolete(fresh_pot, tmp_path):
    """A translator (or the lead folding a branch's German) may add an entry before its English is in
    the source: `pybabel update` keeps it, as an obsolete `#~` entry, with every other translation."""
    po = tmp_path / "de" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(translations.GERMAN.read_text() +
                  '\nmsgid "A sentence no branch has yet."\nmsgstr "Ein Satz, den noch kein Zweig hat."\n')
    subprocess.run(translations.update_command(fresh_pot, tmp_path), cwd=ROOT, check=True, capture_output=True)
    updated, before = _read(po), _read(translations.GERMAN)
    assert updated.obsolete["A sentence no branch has yet."].string == "Ein Satz, den noch kein Zweig hat."
    assert {m.id: m.string for m in updated if m.id} == {m.id: m.string for m in before if m.id}


def test_names_from_game_data_and_game_declarations_are_extracted(fresh_pot):
    """companion/i18n_extract.py finds what templates translate with |t and refusals name as a Term:
    each game's blurb, move names (the undo button) and field labels, and the deck names."""
    from companion import games
    from companion.fields import label_of
    from companion.games import (catchy_rules, cloaked_cats_rules, communicat_rules, pack_the_essentials_rules,
                                 we_love_cats_rules)
    wanted = set()
    for game in (entry.game for entry in games.catalogue()):
        wanted |= {game.blurb, *(move_name(m) for m in game.moves)}
        wanted |= {str(label_of(n, f)) for move in game.moves.values() for n, f in move.fields.items()}
        wanted |= {str(label_of(n, f)) for n, f in game.options.items()}
    deck = cloaked_cats_rules.DECK
    wanted |= {c[k] for part in ("features", "colours", "categories") for c in deck[part] for k in ("name", "noun") if k in c}
    wanted |= {n["name"] for n in communicat_rules.NEEDS.values()}
    wanted |= {f[k] for f in we_love_cats_rules.DECK["face"] for k in ("label", "verb", "help")}
    wanted |= {c["name"] for c in we_love_cats_rules.DECK["colors"]}
    pte = pack_the_essentials_rules
    wanted |= {b["label"] for b in pte.DATA["bonus"].values()} | set(pte.DATA["solo"]["levels"])
    wanted |= {c.capitalize() for c in pte.COLOURS} | set(catchy_rules.DATA["cards"]["colors"])
    wanted |= {"any", "2+ (competitive 4+)"}                           # Game.players that are words
    found = {m.id for m in _read(fresh_pot) if m.id}
    assert wanted - found == set()


def test_every_german_sentence_keeps_the_placeholders_of_its_english():
    """A translation that drops or misspells %(name)s would fail only when that refusal is shown."""
    broken = [f"{m.id!r} -> {m.string!r}" for m in _read(translations.GERMAN) if m.id and m.string
              and not placeholders_kept(m.id, m.string)]
    assert broken == []


def test_a_plural_that_drops_or_misspells_a_placeholder_is_found():
    english = ("%(name)s has one token", "%(name)s has %(num)s tokens")
    assert placeholders_kept(english, ("%(name)s hat einen Stein", "%(name)s hat %(num)s Steine"))
    assert placeholders_kept(english, ("%(name)s hat %(num)s Stein", "%(name)s hat %(num)s Steine"))
    assert not placeholders_kept(english, ("%(name)s hat einen Stein", "%(name)s hat viele Steine"))
    assert not placeholders_kept(english, ("%(nme)s hat einen Stein", "%(name)s hat %(num)s Steine"))
    assert not placeholders_kept(english, ("hat einen Stein", "%(name)s hat %(num)s Steine"))
    assert not placeholders_kept("%(name)s", "%(nom)s")


def placeholders_kept(english, german) -> bool:
    """A sentence keeps its English's placeholders exactly. A plural: its every form uses only the
    English's, the German singular keeps the English singular's (it may add the count, one German
    form may stand for several numbers), and every other form keeps the English plural's exactly."""
    import re

    def names(text: str) -> set:
        return set(re.findall(r"%\((\w+)\)[sd]", text))
    if isinstance(english, str):
        return names(english) == names(german)
    singular, plural = english
    forms = list(german)
    return (all(names(form) <= names(singular) | names(plural) for form in forms)
            and names(forms[0]) >= names(singular) and all(names(form) == names(plural) for form in forms[1:]))


def _read(path: Path):
    with path.open("rb") as fh:
        return read_po(fh)


def _read_mo(path: Path) -> dict:
    with path.open("rb") as fh:
        return {_key(m.id): _strings(m) for m in read_mo(fh) if m.id}


def _key(msgid):
    return msgid if isinstance(msgid, str) else tuple(msgid)


def _strings(message) -> tuple:
    """A message's translation(s): one string, or the plural forms (a list from .mo, a tuple from .po)."""
    return (message.string,) if isinstance(message.string, str) else tuple(message.string)


def test_the_undo_button_names_the_move_and_the_board_in_german(new_table):
    board = new_table("toolbox", parts=["dice"])
    board.act("roll")
    html = board.client.get(f"/t/{board.code}", headers=DE).get_data(as_text=True)
    assert "Würfeln rückgängig" in html and "(das Spielbrett)" in html
    assert "Undo roll" in board.client.get(f"/t/{board.code}").get_data(as_text=True)


def test_german_of_the_old_workflow_folds_into_the_empty_entries(tmp_path):
    """tools/fold_german.py (transitional): a branch's tools/de/new_<branch>.py fills the entries that
    have no German yet, and neither overwrites German nor adds English the source does not have."""
    import fold_german                                                # tools/fold_german.py
    po = tmp_path / "messages.po"
    po.write_text(translations.GERMAN.read_text().replace('msgstr "Füttere mich"', 'msgstr ""').replace(
        'msgid_plural "%(num)s tiles"\nmsgstr[0] "%(num)s Plättchen"\nmsgstr[1] "%(num)s Plättchen"',
        'msgid_plural "%(num)s tiles"\nmsgstr[0] ""\nmsgstr[1] ""'))
    pairs = tmp_path / "new_branch.py"
    pairs.write_text('DE = {"Feed me": "Gib mir Futter", "Fresh water": "Wasser!", "Not in the source": "Nein"}\n'
                     'PLURALS = {"%(num)s tile": ("%(num)s Stein", "%(num)s Steine")}\n')
    left = fold_german.fold(pairs, po)
    folded = _read(po)
    assert folded.get("Feed me").string == "Gib mir Futter"
    assert folded.get("Fresh water").string == _read(translations.GERMAN).get("Fresh water").string
    assert folded.get("%(num)s tile").string == ("%(num)s Stein", "%(num)s Steine")
    assert folded.get("Not in the source") is None and len(left) == 2      # the clash and the stranger
    assert {m.id: m.string for m in folded if m.id and m.id not in ("Feed me", ("%(num)s tile", "%(num)s tiles"))} == \
        {m.id: m.string for m in _read(translations.GERMAN) if m.id and m.id not in ("Feed me", ("%(num)s tile", "%(num)s tiles"))}
