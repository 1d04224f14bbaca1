"""German for the fair-play tests' findings: a seat request answered after a newer one came in."""
DE = {
    "Another phone asked for that seat since: here is the request as it is now. Answer again.":
        "Inzwischen hat ein weiteres Handy nach diesem Platz gefragt: Hier ist die Anfrage, wie sie jetzt ist. "
        "Antworte bitte noch einmal.",
}
