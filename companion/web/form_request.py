"""The app's request class: Flask's, with a short way through for the forms every tap posts.

Every action is a small urlencoded form (`version=12`, a move's fields). Werkzeug parses one through
a stream wrapper, a parser object and several config lookups: about 190,000 instructions for
`version=7`, measured with cachegrind, some 8 % of a whole action in the server. For exactly that
case (the urlencoded type, a declared length within MAX_CONTENT_LENGTH, not debug mode) the body is
read and split here the way Werkzeug's `_parse_urlencoded` does it (the same `parse_qsl` call, the
same undecodable-body-means-no-fields rule): about 50,000. Anything else (multipart, chunked, too
large, no declared length) takes Werkzeug's own path, with its errors.
"""
from __future__ import annotations

from io import BytesIO
from urllib.parse import parse_qsl

import werkzeug.urls  # noqa: F401 - registers the "werkzeug.url_quote" decoding error handler used below
from flask import Request, current_app
from werkzeug.exceptions import ClientDisconnected

URLENCODED = "application/x-www-form-urlencoded"


class CompanionRequest(Request):
    def _load_form_data(self) -> None:
        if "form" in self.__dict__:
            return
        environ = self.environ
        declared = environ.get("CONTENT_LENGTH", "")
        limit = self.max_content_length
        if (environ.get("CONTENT_TYPE") != URLENCODED or not declared.isascii() or not declared.isdigit()
                or (limit is not None and int(declared) > limit) or current_app.debug):
            super()._load_form_data()
            return
        # gevent's server marks its input as ending with the body (as Werkzeug reads it then: to
        # that end); without the mark, a body shorter than declared means the client went away.
        body = self._read_body(environ["wsgi.input"], int(declared), "wsgi.input_terminated" in environ)
        try:
            items = parse_qsl(body.decode(), keep_blank_values=True, errors="werkzeug.url_quote")
        except ValueError:   # not UTF-8: Werkzeug's parser is silent too, and gives no fields
            items = []
        d = self.__dict__
        d["stream"], d["form"], d["files"] = (BytesIO(), self.parameter_storage_class(items),
                                              self.parameter_storage_class())

    @staticmethod
    def _read_body(stream, length: int, terminated: bool) -> bytes:
        """Up to `length` bytes: fewer only from a stream that ends itself, else Werkzeug's
        ClientDisconnected (a 400) when the client sent fewer."""
        chunks, missing = [], length
        while missing > 0:
            try:
                chunk = stream.read(missing)
            except (OSError, ValueError) as exc:
                raise ClientDisconnected() from exc
            if not chunk:
                if terminated:
                    break
                raise ClientDisconnected()
            chunks.append(chunk)
            missing -= len(chunk)
        return b"".join(chunks)
