"""axe-core in the browser tests: the vendored axe.min.js (tests only, never served by the app) is
injected into a page and its serious and critical findings fail the test.

The page's Content-Security-Policy only allows scripts from the app's own origin, so the file is
served to the page under that origin by a Playwright route instead of weakening the policy with
bypass_csp: the audit runs against the real headers players get."""
from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

AXE_VERSION = "4.14.1"
AXE = Path(__file__).parent / "vendor" / f"axe-core-{AXE_VERSION}" / "axe.min.js"
AXE_PATH = "/__tests__/axe.min.js"  # no app route has this prefix, so it can only be the test's file
BLOCKING = ("serious", "critical")

_RUN = """async (blocking) => {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations.filter(v => blocking.includes(v.impact)).map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ' -> ' + (n.failureSummary || '').replace(/\\s+/g, ' '))
  }));
}"""


def _ensure_axe(page) -> None:
    if page.evaluate("typeof window.axe !== 'undefined'"):
        return
    parts = urlsplit(page.url)
    origin = f"{parts.scheme}://{parts.netloc}"
    if not getattr(page, "_axe_routed", False):
        page.route(f"{origin}{AXE_PATH}",
                   lambda route: route.fulfill(path=str(AXE), content_type="application/javascript"))
        page._axe_routed = True
    page.add_script_tag(url=f"{origin}{AXE_PATH}")


def violations(page) -> list[dict]:
    """The page's serious and critical axe-core violations, as it shows now. The page is loaded first:
    right after a click that navigates, the new document may have no <head> yet to add axe's script
    to (a run on a busy machine failed so, auditing the start-a-group page)."""
    page.wait_for_load_state("load")
    _ensure_axe(page)
    return page.evaluate(_RUN, list(BLOCKING))


def assert_accessible(page, where: str = "") -> None:
    found = violations(page)
    if found:
        lines = [f"{v['impact']} {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"]) for v in found]
        raise AssertionError(f"axe-core found {len(found)} serious/critical problem(s) on {where or page.url}:\n"
                             + "\n".join(lines))


def small_targets(page, minimum: int = 44) -> list[str]:
    """Buttons and button-like controls on screen that are smaller than a thumb (WCAG 2.5.5: 44 px)."""
    return page.evaluate("""(minimum) => [...document.querySelectorAll('button, summary, a.button, input[type=submit]')]
        .filter(el => el.offsetParent !== null)
        .map(el => [el.textContent.trim().replace(/\\s+/g, ' '), el.getBoundingClientRect()])
        .filter(([, r]) => r.height < minimum || r.width < minimum)
        .map(([text, r]) => `${text}: ${Math.round(r.width)}x${Math.round(r.height)}`)""", minimum)


def unreachable_by_keyboard(page, limit: int = 300) -> list[str]:
    """Controls in the view that Tab never reaches (a keyboard or switch user could not use them),
    found by really pressing Tab through the page from the top, up to `limit` presses. A radio group
    is one Tab stop (the arrow keys move inside it), so reaching one of its radios reaches the group;
    controls inside a closed <details> are reached by opening it (its summary is checked)."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0); }")
    wanted = set(page.evaluate("""() => {
        const all = document.querySelectorAll(`#view button, #view a[href], #view input:not([type=hidden]),
            #view select, #view textarea, #view summary`);
        all.forEach((el, i) => {
            el.dataset.kbdCheck = el.type === 'radio' && el.name ? 'radio:' + el.form?.id + ':' + el.name : String(i);
        });
        return [...all].filter(el => el.checkVisibility({visibilityProperty: true}) && !el.disabled)
            .map(el => el.dataset.kbdCheck);
    }"""))
    reached: set[str] = set()
    for _ in range(limit):
        page.keyboard.press("Tab")
        mark = page.evaluate("() => document.activeElement && document.activeElement.dataset.kbdCheck || null")
        if mark is not None:
            reached.add(mark)
        if wanted <= reached:
            break
    missing = sorted(wanted - reached)
    return page.evaluate("""(marks) => marks.map(m => { const el = document.querySelector(`[data-kbd-check="${m}"]`);
        return el ? (el.getAttribute('aria-label') || el.textContent || el.name || el.tagName).trim().slice(0, 40) : m; })""",
                         missing)
