"""The app's request class reads the small urlencoded forms every tap posts by a shorter way
(companion/web/form_request.py): whatever the body, it must give what Werkzeug's own parser gives,
including its errors (a body shorter than declared, one larger than MAX_CONTENT_LENGTH)."""
import pytest
from flask import Request, request
from werkzeug.test import EnvironBuilder

from companion.web.form_request import CompanionRequest

BODIES = [b"version=7", b"version=7&as=seat&empty=&bare", b"a=%ZZ&b=%E9&c=%C3%A9+x&d=%2B", b"\xff\xfe=1", b"",
          b"a=1&a=2;b=3", b"name=%3Cscript%3E&name=B%C3%A4r", b"version=" + b"9" * 70_000]
VARIANTS = [{}, {"content_type": "application/x-www-form-urlencoded; charset=utf-8"}, {"length": "+1"},
            {"length": ""}, {"length": "abc"}, {"content_type": "text/plain"},
            # as gevent's server says it (the app's server): its input ends where the body does
            {"terminated": True}, {"terminated": True, "length": "+1"}]


def read_form(app, request_class, body: bytes, content_type="application/x-www-form-urlencoded", length=None,
              terminated=False):
    app.request_class = request_class
    environ = EnvironBuilder(path="/healthz", method="POST", data=body, content_type=content_type).get_environ()
    if terminated:
        environ["wsgi.input_terminated"] = True
    if length == "+1":
        environ["CONTENT_LENGTH"] = str(len(body) + 1)   # the client went away inside the body
    elif length is not None:
        environ["CONTENT_LENGTH"] = length
    with app.test_request_context(environ_base=None, environ_overrides=environ):
        try:
            return sorted(request.form.lists()), sorted(request.files.lists()), request.get_data()
        except Exception as exc:   # the error itself is part of what must be the same
            return type(exc).__name__


@pytest.mark.parametrize("body", BODIES)
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_short_way_reads_every_form_as_werkzeug_does(app, body, variant):
    werkzeugs = read_form(app, Request, body, **variant)
    ours = read_form(app, CompanionRequest, body, **variant)
    assert ours == werkzeugs


def test_the_app_uses_it_and_an_action_still_reads_its_fields(app, new_table):
    assert app.request_class is CompanionRequest
    table = new_table("toolbox", parts=["dice"])
    r = table.client.post(f"/t/{table.code}/act/roll", data={"version": "abc"}, headers={"Accept": "application/json"})
    assert r.status_code == 400 and "whole number" in r.json["error"]
    r = table.client.post(f"/t/{table.code}/act/roll", data={"version": table.view()["version"]},
                          headers={"Accept": "application/json"})
    assert r.status_code == 200 and r.json["version"] == 2
