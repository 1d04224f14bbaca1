"""JSON text for what every tap reads and writes: a table's saved state (written to the store, parsed
back into the read the streams share, parsed again by the next change) and the tap socket's
messages. orjson does each in about a quarter of the standard library's time, and every tap does
several; both give the same values back.

Where they differ, the standard library's json is used, so nothing read or written changes:
- an integer beyond 64 bits, which orjson refuses to write and would read back as a float: text
  with a run of 19 digits or more whose number lies outside -2**63 .. 2**64 - 1 is read by json
  (a table's random seed is 64 bits, so most states hold a run of 19 or 20 digits, within them);
- text orjson refuses (NaN and the infinities, which json writes and reads) and values it refuses.
orjson writes NaN as null where json writes NaN; no table holds one (fields.py takes whole numbers,
and the engine's floats are clock readings)."""
from __future__ import annotations

import json

import orjson

_LOWEST, _HIGHEST = -2**63, 2**64 - 1   # what orjson reads as an integer
# Every byte to a space but the digits, to a zero: runs of digits found by bytes.find, in C. (A
# regular expression took twice as long as parsing the whole state.)
_DIGITS_AS_ZEROS = bytes(0x30 if 0x30 <= byte <= 0x39 else 0x20 for byte in range(256))
_LONG_RUN = b"0" * 19   # shorter integers are all within orjson's range


class WrittenByOrjson(str):
    """JSON text `dumps` wrote with orjson, which holds no integer beyond 64 bits (orjson writes
    none) and no NaN: `loads` hands it to orjson without looking for long runs of digits. A table's
    state is written once a change and read back twice, for the read its streams share and by the
    next change (engine/reading.py, engine/change_reads.py), and that look was a third of each
    read's time. Text from the store or a client is a plain str, and is looked at."""
    __slots__ = ()


def dumps(value) -> str:
    """`value` as JSON text, as json.dumps gives it but for spacing and non-ASCII characters
    (written as they are, not escaped). Keys that are not strings are written as json writes them."""
    try:
        return WrittenByOrjson(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode())
    except TypeError:   # orjson.JSONEncodeError: an integer beyond 64 bits, a key or value it does not take
        return json.dumps(value)


def loads(text: str):
    """The value `text` holds, as json.loads gives it."""
    if text.__class__ is WrittenByOrjson:
        return orjson.loads(str(text))   # orjson takes only str itself
    if _beyond_64_bits(text):
        return json.loads(text)
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)   # NaN or an infinity; or a mistake, which json names the same way


def _beyond_64_bits(text: str) -> bool:
    """Whether `text` holds a run of digits that, read as an integer, orjson would read as a float
    (a run in a string or a float's digits counts too: json then reads it, as exactly)."""
    encoded = text.encode(errors="surrogatepass")   # a lone surrogate, which json reads, is no digit
    digits = encoded.translate(_DIGITS_AS_ZEROS)
    start = digits.find(_LONG_RUN)
    while start >= 0:
        end = digits.find(b" ", start)
        end = len(digits) if end < 0 else end
        number = int(encoded[start:end])
        if start and encoded[start - 1] == 0x2D:   # a minus sign
            number = -number
        if not _LOWEST <= number <= _HIGHEST:
            return True
        start = digits.find(_LONG_RUN, end)
    return False
