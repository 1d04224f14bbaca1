"""The two kinds of refusal a player can meet. Framework-free: parts and games raise them,
the web layer turns them into 4xx answers with the sentence shown to the player."""


class BadInput(ValueError):
    """A field is missing, malformed or out of range (HTTP 400)."""


class RuleError(Exception):
    """The move is well-formed but the rules (or the table's situation) forbid it (HTTP 409)."""


class Forbidden(Exception):
    """This viewer may not do that: not their seat, not the host (HTTP 403)."""
