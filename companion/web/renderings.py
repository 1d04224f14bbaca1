"""The renderings a process keeps (web/sections.py says what they are made of and why): each
under a digest of everything it was made from, the least recently used let go once they hold more
than their share of characters; and Jinja run the way sections and parts need it, from their inputs'
fields and what given.py makes once per language."""
from __future__ import annotations

import contextvars
import copyreg
import dataclasses
import hashlib
import operator
import pickle
from collections import OrderedDict
from contextlib import contextmanager, nullcontext

from flask import current_app
from markupsafe import Markup

from .. import games
from ..locks import short_lock
from .given import given

# Renderings kept per process, counted in characters of HTML and bytes of their keys: a table keeps
# about five (its seats' section, the board's, their frames), 2-10 KB each, and a rendering is
# reused across versions, so the busiest night's 300 tables keep about 5 MB; a count of 1,000 was
# too few for them and had the frames of one table pushed out by the sections of the next.
SECTIONS_KEPT_CHARACTERS = 32 * 2**20

# A key written out at most this long is the key itself, longer ones their hash: a part's key (a log
# line's, a block's) is 100-500 bytes, and hashing it (about 2 µs for 700 bytes, a fifth of the time
# a tap's keys took) saved less memory than it cost time; a key that is its own bytes cannot collide.
KEY_BYTES_KEPT_WHOLE = 512
HASHED_KEY_BYTES = 16   # shorter than any key kept whole (a template's path alone is longer)


def digest(inputs) -> bytes | None:
    """The key of a rendering: every field of `inputs` written down by pickle (which writes every
    field of a dataclass, nested ones too, and tells 1 from 1.0 from True; twice as fast as JSON
    with a hook per dataclass, and each of a table's streams makes two keys per change), or the hash
    of that when it is long. None when something in it cannot be written down: then the rendering
    is made and not kept."""
    try:
        data = pickle.dumps(inputs, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None
    return key_of(data)


def key_of(data: bytes) -> bytes:
    """A rendering's key from the bytes it is made from: those bytes, or their hash when long."""
    if HASHED_KEY_BYTES < len(data) <= KEY_BYTES_KEPT_WHOLE:
        return data
    return hashlib.blake2b(data, digest_size=HASHED_KEY_BYTES).digest()


def written_by_fields(*classes: type) -> None:
    """Has pickle write an instance of each of these dataclasses (the inputs of a rendering, and
    what they hold: seats, viewers) as its class and its fields' values in order, through copyreg,
    as it writes a tuple. Its own way for a dataclass looks up half a dozen methods a class like
    these does not have, each a failed lookup: a frame's key with its six seats took 18 µs, a
    third of that. The fields are dataclasses.fields', all of them, so a field added is in the
    key. A subclass not named here is written pickle's own way, as completely."""
    for cls in classes:
        names = [f.name for f in dataclasses.fields(cls)]
        if len(names) > 1:
            fields = operator.attrgetter(*names)
        else:   # attrgetter of one name gives the value, not a tuple of it
            fields = (lambda value, name=names[0]: (getattr(value, name),))
        copyreg.pickle(cls, lambda value, fields=fields: (type(value), fields(value)))


# Markup (a str subclass) likewise: as its class and its text. Pickle's own way took 2-3 µs a Markup
# against 0.4 µs for a str, and a frame's inputs hold four (the marks where its pieces go).
copyreg.pickle(Markup, lambda markup: (Markup, (str(markup),)))


# While the screens of one change are given their views (web/deliveries.py Deliveries.deliver): the
# parts found or made so far, by the identity of what they were made from. Every screen's view of a
# read is made from the same objects (everyone's part of a game's view, made once per read, and its
# lists: engine/snapshots.py), so the second screen to show a part finds it by those objects'
# identities, with no digest of their contents: a Cloaked Cats phone's section hands its parts the
# players, the cat cards and the events, whose digests were most of the section's cost. A view is
# never changed once made (games/base.py with_own), and each entry holds what it was made from, so
# no identity in a key can be another object's while the scope lasts; it ends with the deliveries.
_ONE_CHANGE: contextvars.ContextVar[dict | None] = contextvars.ContextVar("renderings_of_one_change", default=None)


@contextmanager
def one_change():
    """The scope of one change's deliveries: parts are found again by what they were made from."""
    token = _ONE_CHANGE.set({})
    try:
        yield
    finally:
        _ONE_CHANGE.reset(token)


def _identity(name: str, macro: str | None, language: str, args: tuple, values: dict) -> tuple:
    """The key a change's scope finds a part under: its names, then the identities of what it is
    made from (ints) and its values' names (strs), which tell apart every split of them between
    `args` and `values`."""
    return (name, macro, language, *map(id, args), *values, *map(id, values.values()))


def context_of(inputs) -> dict:
    """A template's context: exactly the fields of its inputs, and the game their `game_id` names."""
    context = {f.name: getattr(inputs, f.name) for f in dataclasses.fields(inputs)}
    context["game"] = games.get(inputs.game_id)
    return context


class Renderings:
    """Renderings by digest; the least recently used go first once they hold more than `most`
    characters."""

    def __init__(self, most: int):
        self.most = most
        self.size = 0
        self._kept: OrderedDict[bytes, Markup] = OrderedDict()
        self._lock = short_lock()
        self.rendered = self.shared = 0  # sections and frames, counted for tests and bench/stream_cpu.py
        self.parts_rendered = 0
        self.given: dict[str, dict] = {}   # per language: what every rendering is given (given.py)

    def get(self, key: bytes) -> Markup | None:
        with self._lock:
            html = self._kept.get(key)
            if html is not None:
                self._kept.move_to_end(key)
                self.shared += 1
            return html

    def put(self, key: bytes, html: Markup) -> None:
        with self._lock:
            replaced = self._kept.get(key)
            self.size += len(html) - len(replaced) if replaced is not None else len(key) + len(html)
            self._kept[key] = html
            while self.size > self.most and self._kept:
                gone_key, gone_html = self._kept.popitem(last=False)
                self.size -= len(gone_key) + len(gone_html)

    def render(self, template: str, inputs, around=nullcontext, keep: bool = True) -> Markup:
        """`template` rendered from `inputs` (a frozen dataclass whose fields are its context), or
        the rendering kept for equal inputs. `around()`: the context a rendering needs, entered only
        when one is made (ViewContext.rendering). `keep` false: one viewer's own rendering, made
        each time and not kept (no key to take, nothing pushed out for it)."""
        return self._rendered(digest([template, inputs]) if keep else None, template, lambda: inputs, around)

    def made_from(self, template: str, values: tuple, inputs_of, around=nullcontext) -> Markup:
        """`template` rendered from `inputs_of(values)` (its inputs made from `values` alone), or the
        rendering kept for equal `values`: plain values (str, numbers, lists, dicts) are written by
        pickle in C, where the dataclasses that hold them are written field by field in Python, and
        the inputs are made only when the rendering is (web/frame.py: a frame's key, 7.5 -> 1.2 µs)."""
        return self._rendered(digest((template, values)), template, lambda: inputs_of(values), around)

    def _rendered(self, key: bytes | None, template: str, inputs_made, around) -> Markup:
        """render()'s and made_from()'s: the rendering kept under `key`, or `template` rendered from
        the inputs `inputs_made()` gives, in `around()`, and kept under `key` (unless None)."""
        html = self.get(key) if key is not None else None
        if html is None:
            inputs = inputs_made()
            with around():
                html = render(template, inputs.language, context_of(inputs))
            self._made(key, html, part=False)
        return html

    def part(self, template: str, macro: str | None, language: str, args: tuple, values: dict,
             around=nullcontext) -> Markup:
        """A part of a section (given.py's `part`): `template` rendered from `values`, or its
        `macro` called with `args` and `values`, in `language`, or the rendering kept for equal
        ones. Keyed by them as a tuple: pickle writes a dataclass through copyreg, in Python, and a
        section has a dozen parts. `around()`: as for `render`, entered only when one is made.
        Looked up with no closure built (_kept_part): a view looks up some twenty parts, nearly all
        kept, and building the closures that make one cost more than finding it (a log's line took
        6.8 µs found through them, 2.8 µs by its digest alone)."""
        return self._kept_part(template, macro, language, args, values, around)

    def each(self, template: str, macro: str | None, language: str, items: list, name: str = "",
             around=nullcontext) -> list[Markup]:
        """A part for each of `items` (a log's lines, what happened in a game): `macro` of
        `template` called with the item, or `template` rendered with it as `name`; as part() would
        make them, each kept under its item's pickle after the template's names, all looked up at
        once. As twelve parts, each with its lookup in the change's scope (where a line is never
        found: the log's block is laid out once a change), its digest of a tuple around the line
        and its lookup in turn, a log's line took 2.5 µs; here 1.0 µs."""
        head = "\0".join(("each", template, macro or "", language, name, "")).encode()
        keys = []
        for item in items:
            try:
                keys.append(key_of(head + pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL)))
            except (pickle.PicklingError, TypeError, AttributeError):
                keys.append(None)   # made and not kept, as digest's None
        with self._lock:
            found = [self._kept.get(key) if key is not None else None for key in keys]
            for key, html in zip(keys, found):
                if html is not None:
                    self._kept.move_to_end(key)
                    self.shared += 1
        made: dict[bytes, Markup] = {}   # new here: an equal item later in the list finds it
        for i, html in enumerate(found):
            if html is None:
                key = keys[i]
                if key is not None and key in made:
                    found[i] = made[key]
                    continue
                args, values = ((items[i],), {}) if macro else ((), {name: items[i]})
                with around():
                    found[i] = made_part(template, macro, language, args, values)
                self._made(key, found[i], part=True)
                if key is not None:
                    made[key] = found[i]
        return found

    def laid_out(self, name: str, language: str, args: tuple, lay_out, keep: bool = True) -> Markup:
        """A piece of a section laid out in Python (web/toolbox_section.py, cloaked_cats_section.py)
        by `lay_out()` from `args` and parts in `language`, which is all it reads, kept under their
        digest as a part is: the first of a change's views to show it joins its parts, the others
        find it. `name` says which piece (no template's path is one). `keep` false: a piece nearly
        every change makes anew (a log, which each move adds a line to) is, within a change's
        deliveries, found only in the change's scope, with no digest taken of what it reads and
        nothing kept: there its digest was never found again, and was a tenth of the log's cost.
        Outside a change (a page loaded) it is kept as a part is, for the next page to find."""
        return self._kept_part(name, None, language, args, {}, nullcontext, lay_out, keep)

    def _kept_part(self, name: str, macro: str | None, language: str, args: tuple, values: dict, around,
                   lay_out=None, keep: bool = True) -> Markup:
        """part()'s and laid_out()'s: the part this change's scope found for the same objects, or the
        one kept under its digest (not looked for or kept when not `keep`, within a scope), or made
        (by `lay_out()` when given, else made_part in `around()`) and kept; then noted in the scope."""
        scope = _ONE_CHANGE.get()
        if scope is not None:
            ident = _identity(name, macro, language, args, values)
            kept = scope.get(ident)
            if kept is not None:
                return kept[0]
        key = digest((name, macro, language, args, values)) if keep or scope is None else None
        html = self.get(key) if key is not None else None
        if html is None:
            if lay_out is not None:
                html = Markup(lay_out())
            else:
                with around():
                    html = made_part(name, macro, language, args, values)
            self._made(key, html, part=True)
        if scope is not None:
            scope[ident] = (html, args, values)   # holding them keeps their identities theirs
        return html

    def _made(self, key: bytes | None, html: Markup, part: bool) -> None:
        """A rendering just made, counted, and kept under `key` (unless None)."""
        with self._lock:
            if part:
                self.parts_rendered += 1
            else:
                self.rendered += 1
        if key is not None:
            self.put(key, html)


def made_part(template: str, macro: str | None, language: str, args: tuple, values: dict) -> Markup:
    """A part made: `template` rendered from `values`, or its `macro` called with `args` and `values`,
    in `language` (in an app context: Renderings.part's `around`)."""
    if macro is None:
        return render(template, language, values)
    module = given(current_app, language)["language_module"](template)
    return Markup(getattr(module, macro)(*args, **values))


def render(template: str, language: str, context: dict) -> Markup:
    """`template` rendered by Jinja from `context` and gettext, ngettext and `_` in `language`
    (i18n.callables_for, bound once per language). Not flask.render_template: its context
    processors and signals, and asking Flask-Babel for the request's catalogue on each render, were
    a quarter of a section's cost, and a section names its language in its inputs. Nor
    Template.render: it copies the environment's globals out of the template's ChainMap key by key,
    in Python (11 µs of every rendering, part or section); the template is run as a module made from
    one dict that already holds them (shared=True: taken as it is), whose text is its rendering.
    Needs an app context (url_for, the |t filter)."""
    app = current_app
    env = app.jinja_env
    try:
        module = env.get_template(template).make_module({**env.globals, **context, **given(app, language)},
                                                        shared=True)
    except Exception:
        env.handle_exception()   # raises it again with the template's lines in its traceback, as render does
    return Markup(str(module))
