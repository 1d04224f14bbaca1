"""Layout checks shared by the browser tests: the board read from across the table, the seat used
with one thumb, and pages that fit their screen.

- Big screen (the board on a 10" tablet in landscape, 1280x800 CSS px, read from about 2 m): what a
  game marks `data-far` (the Needs, scores, the timer, whose turn it is…) is on the first screen,
  with no scrolling, in type of at least FAR_PX. 1 CSS px on such a tablet is about 0.17 mm, so
  32 px type has capitals about 4 mm high: at 2 m that is over 6 arc minutes, comfortably above
  the 5 a sharp eye needs (the Snellen letter), for a tired eye in a dim room.
- Thumb reach (a seat on a 390x844 phone held in one hand): the top third of the screen is the
  stretch zone, so no game control starts there. The page puts what the player reads (status,
  secret cards) at the top and what they tap below; a control further down is brought to the
  thumb by scrolling, which only ever moves content up. The top bar (Display menu, a setting,
  not a move) is outside the view and exempt. So is the cover of a secret (templates/_secret.html):
  it is not a move either but the face-down card itself, read where the player reads, and pressed
  deliberately once in a while, not under the timer. So are CommuniCat's Need cards on an Owner's
  phone: they are what the player reads, and tapping one is the guess itself (issue #27), made once
  a round after talking it over, not a control reached for in a hurry.
"""
from __future__ import annotations

TABLET = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
FAR_PX = 32
STRETCH_ZONE = 1 / 3
CONTROLS = ("#view button, #view a[href], #view input:not([type=hidden]), #view select, #view textarea, "
            "#view summary, #view [role=button]")


def overflow(page) -> int:
    """How many CSS px the page is wider than its screen (0 when nothing scrolls sideways)."""
    return page.evaluate("() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth)")


def far_items(page) -> list[dict]:
    return page.locator("[data-far]").evaluate_all("""els => els.filter(e => e.getClientRects().length).map(e => {
        const box = e.getBoundingClientRect();
        return {what: e.getAttribute('data-far') || e.className, top: box.top, bottom: box.bottom,
                left: box.left, right: box.right, px: parseFloat(getComputedStyle(e).fontSize)};
    })""")


def big_screen_problems(page, at_least: int = 2) -> list[str]:
    """Why the board at tablet size is not readable across the table ([] when it is)."""
    page.set_viewport_size(TABLET)
    page.evaluate("() => window.scrollTo(0, 0)")
    items = far_items(page)
    problems = [] if len(items) >= at_least else [f"only {len(items)} [data-far] items shown"]
    for item in items:
        if item["px"] < FAR_PX:
            problems.append(f"{item['what']}: {item['px']:.0f} px type (at least {FAR_PX})")
        if item["top"] < 0 or item["bottom"] > TABLET["height"] or item["left"] < 0 or item["right"] > TABLET["width"]:
            problems.append(f"{item['what']}: not on the first screen ({item})")
    if overflow(page):
        problems.append(f"the board is {overflow(page)} px wider than the tablet")
    return problems


def thumb_reach_problems(page) -> list[str]:
    """Game controls in the stretch zone of a one-handed phone, or too small for a thumb."""
    page.set_viewport_size(PHONE)
    page.evaluate("() => window.scrollTo(0, 0)")
    controls = page.locator(CONTROLS).evaluate_all("""els => els.filter(e => e.getClientRects().length
            && !e.matches('.secret-toggle, .cc-need-button')
            && getComputedStyle(e).visibility !== 'hidden' && !e.closest('[hidden], details:not([open]) > :not(summary)'))
        .map(e => {
            const box = e.getBoundingClientRect();
            const name = (e.getAttribute('aria-label') || e.textContent || e.name || e.tagName).trim().slice(0, 40);
            return {name, top: box.top + window.scrollY};
        })""")
    limit = PHONE["height"] * STRETCH_ZONE
    problems = [f"{c['name']!r} starts {c['top']:.0f} px from the top (the stretch zone ends at {limit:.0f})"
                for c in controls if c["top"] < limit]
    if overflow(page):
        problems.append(f"the seat is {overflow(page)} px wider than the phone")
    return problems
