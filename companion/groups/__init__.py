"""Groups: the people who play together over many evenings (issue 30).

A group has an unguessable code (its link and QR code are the key to it), a host credential held by
the screen that created it, members with lasting names, the tables created from its page, the
record of every game played at them, and its own CommuniCat Needs deck.

    members.py    the group as a plain document: members, their names (companion/names.py rules),
                  devices, rename and merge
    needs.py      the group's Needs deck: the original deck until someone edits it
    stats.py      the record and its statistics, computed from the tables' game records
    transfer.py   export as one JSON document, and the checks an import must pass
    service.py    Groups: the above through the store (one transaction each), and the small hooks
                  the table engine calls (a table's group, its deck, its Purr-sonal Best)

Everything here but service.py is pure Python without Flask or storage.
"""
