"""The client's tools in a real browser (issue 8): reachable hexes and a path the server refuses, the
line-of-sight tool by mouse and by the board's keyboard cursor, a split line-of-sight side set by one player and
seen by the other, an order refused as stale after a referee's correction, and the Spanish page with its language
switch. Nothing here gets an order accepted (the split side is cleared again, the correction changes nothing), so
each test finds the demo match at its first movement phase; the duel (test_duel.py) plays a match of its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.e2e


def test_reachable_hexes_a_path_off_the_board_refused_and_a_jump(open_page: Any) -> None:
    alice = open_page("alice")

    # The Wolverine/Phoenix Hawk in 0816 facing north: one hex ahead costs 1 PM.
    alice.wait_for_selector(".reach-hex[data-hex='0815'][data-mp='1']")
    assert alice.locator(".reach-hex[data-hex='0816']").count() == 1

    alice.keyboard.press("s")  # back into 0817, the last row
    alice.wait_for_selector("#orders[data-state='plotting'] #pm[data-mp='1']")
    alice.keyboard.press("s")  # back again: off the board
    alice.wait_for_selector("#plot-message[data-code='move.off_board']")

    assert "is off the board" in alice.inner_text("#plot-message")  # the server's refusal, said from its code
    assert alice.locator("#plot-steps li").count() == 1  # the refused step was taken back
    alice.keyboard.press("z")
    alice.wait_for_selector("#orders[data-state='plotting'] #pm[data-mp='0']")

    # J: the Phoenix Hawk jumps 6; its jump reach is shaded (1 PM a hex, terrain ignored), and the hex
    # clicked is the landing, priced by the server; D turns the facing to land with.
    alice.keyboard.press("j")
    alice.wait_for_selector("#orders[data-mode='jump'] #plot-mode input[value='jump']:checked")
    alice.wait_for_selector(".reach-hex[data-hex='0810'][data-mp='6']")
    assert alice.locator(".reach-hex[data-hex='0809']").count() == 0  # 7 hexes: beyond its jump
    alice.click(".hex[data-hex='0813']")
    alice.wait_for_selector("#orders[data-state='plotting'] #pm[data-mp='3']")
    assert alice.inner_text("#plot-steps") == "J → 0813 (3 PM)"
    alice.keyboard.press("d")
    alice.wait_for_selector(".path-end[data-hex='0813'][data-facing='1']")
    alice.keyboard.press("m")  # back to walking (no MASC on this mech), the jump dropped
    alice.wait_for_selector("#orders[data-mode='walk'] #pm[data-mp='0']")
    alice.wait_for_selector(".reach-hex[data-hex='0815'][data-mp='1']")
    assert alice.locator(".path-end").count() == 0


# A POST to the REST API from a logged-in page: its session, and the CSRF token from its cookie.
API_POST = """async ([url, body]) => {
  const csrf = document.cookie.match(/csrftoken=([^;]+)/)[1];
  const response = await fetch(url, {method: 'POST', credentials: 'same-origin', body: JSON.stringify(body),
    headers: {'Content-Type': 'application/json', 'X-CSRFToken': csrf}});
  return response.status;
}"""


def test_a_referee_correction_reaches_the_player_at_once_and_her_plot_is_priced_again(
    open_page: Any, daphne_server: dict[str, str]
) -> None:
    """docs/protocol.md: an `overridden` frame changes the position under the page: it names the referee and the
    reason, resyncs, and (alice's mech standing where it stood) has her plot priced again at the new version, so
    her submit is not refused as stale (order.stale_version guards only a submit already in flight)."""
    alice, referee = open_page("alice"), open_page("referee")
    alice.keyboard.press("w")
    alice.wait_for_selector("#orders[data-state='plotting'] #pm[data-mp='1']")
    seen = alice.get_attribute("#match", "data-version")

    # B set down as it stands (not prone), so the other tests find the demo match as it was; it is still a correction.
    override = {"action": "override", "unit": "B", "changes": {"prone": False}, "reason": "checking B's counter"}
    assert referee.evaluate(API_POST, [f"/api{daphne_server['match']}referee/", override]) == 200

    alice.wait_for_selector(f"#match:not([data-version='{seen}'])")  # the resync's snapshot
    assert "checking B's counter" in alice.inner_text("#status[data-code='referee.overridden']")
    alice.wait_for_selector("#orders[data-state='plotting'] #pm[data-mp='1']")
    assert alice.inner_text("#plot-steps") == "F → 0815 (1 PM)"
    alice.keyboard.press("z")  # nothing plotted, nothing submitted: the demo match is left as it was


def test_the_line_of_sight_tool_shows_woods_blocking_and_an_open_line(open_page: Any, artifacts: Path) -> None:
    spectator = open_page(None)
    spectator.click("[data-sight=toggle]")

    # From alice's mech in 0816 to the hex 0403 behind light and heavy woods ('Bosques densos').
    spectator.click(".hex[data-hex='0816']")
    spectator.click(".hex[data-hex='0403']")
    spectator.wait_for_selector("#sight[data-los='false']")
    assert spectator.inner_text("#sight-verdict") == "Line of sight from A to 0403: blocked."
    assert spectator.locator(".sight.blocked .sight-hex.between[data-hex='0505']").count() == 1
    assert "block the line" in spectator.inner_text("#sight-reasons")
    spectator.locator("#match").screenshot(path=str(artifacts / "los-tool-blocked.png"))

    # From A to B across open ground.
    spectator.click(".hex[data-hex='0816']")
    spectator.click(".hex[data-hex='0802']")
    spectator.wait_for_selector("#sight[data-los='true']")
    assert spectator.inner_text("#sight-verdict") == "Line of sight from A to B: clear, +0 to hit."

    spectator.keyboard.press("Escape")
    spectator.wait_for_selector("#sight[data-state='idle']")
    assert spectator.locator(".sight-hex").count() == 0


def test_the_keyboard_cursor_picks_the_ends_of_a_line_of_sight(open_page: Any) -> None:
    spectator = open_page(None)
    spectator.click("[data-sight=toggle]")
    spectator.focus("#board svg.board")

    # The cursor shows on the first unit, A in 0816, and says what is there.
    spectator.keyboard.press("ArrowUp")
    spectator.wait_for_selector(".hex-cursor[data-hex='0816']")
    assert spectator.inner_text("#board-cursor").startswith("Cursor: 0816 · level 0 · ")
    spectator.keyboard.press("Enter")
    spectator.wait_for_selector("#sight[data-state='to']")
    for _ in range(14):  # up the column to B in 0802
        spectator.keyboard.press("ArrowUp")
    spectator.wait_for_selector(".hex-cursor[data-hex='0802']")
    assert "(B, bob)" in spectator.inner_text("#board-cursor")
    spectator.keyboard.press(" ")
    spectator.wait_for_selector("#sight[data-los='true']")
    assert spectator.inner_text("#sight-verdict") == "Line of sight from A to B: clear, +0 to hit."

    spectator.keyboard.press("Escape")  # puts the tool away and hides the cursor
    spectator.wait_for_selector("#sight[data-state='idle']")
    assert spectator.locator(".hex-cursor").count() == 0
    assert spectator.inner_text("#board-cursor") == ""


def test_a_player_sets_a_split_line_of_sight_side_and_the_other_page_shows_it(open_page: Any) -> None:
    """Solaris VII, Línea de Visión: on a line exactly between two hexes 'el jugador que dirige la unidad
    objetivo es el que decide a través de cual pasa la LdV'; the choice stands and is public."""
    alice, bob = open_page("alice"), open_page("bob")
    # The snapshot carries the crowd count, so it shows as soon as the page has it, before any crowd frame.
    assert alice.is_visible("#crowd") and alice.get_attribute("#crowd", "data-spectators") is not None
    assert alice.locator("#split-los-units [data-unit='B'] select").count() == 0  # B is bob's to choose

    bob.select_option("#split-los-units [data-unit='B'] select", "right")
    alice.wait_for_selector("#split-los-units [data-unit='B'][data-side='right'][data-by='controller']")
    assert alice.inner_text("#split-los-units [data-unit='B']") == (
        "B (Shadow Hawk SHD-2H): the right side, chosen by its player"
    )
    bob.wait_for_selector("#split-los[data-state='set']")  # the server's reply to bob
    bob.wait_for_selector("#split-los-units [data-unit='B'][data-side='right'] select")
    assert bob.input_value("#split-los-units [data-unit='B'] select") == "right"

    # From 0605 the line to B in 0802 runs exactly between hexes: the tool names B's standing side.
    alice.fill("#sight-form [name=from]", "0605")
    alice.fill("#sight-form [name=to]", "B")
    alice.click("#sight-form button[type=submit]")
    alice.wait_for_selector("#sight[data-los='true']")
    assert alice.inner_text("#sight-split") == (
        "The line runs exactly between two hexes: B stands on the right side, chosen by its player."
    )
    assert "split line of sight, right side" in alice.inner_text("#sight-reasons")

    # The referee decides for an absent player, with a logged reason; everyone sees who chose.
    referee = open_page("referee")
    referee.fill("#split-los-reason input", "alice is away")
    referee.select_option("#split-los-units [data-unit='A'] select", "left")
    bob.wait_for_selector("#split-los-units [data-unit='A'][data-side='left'][data-by='referee']")

    # Cleared again, so the other tests find the demo match as it was.
    referee.select_option("#split-los-units [data-unit='A'] select", "")
    bob.select_option("#split-los-units [data-unit='B'] select", "")
    alice.wait_for_selector("#split-los-units [data-unit='A'][data-side=''] + [data-unit='B'][data-side='']")


# Two touch pointers on the board: they go down 100 px apart and one moves away until they are 200 px apart.
PINCH_OUT = """([x, y]) => {
  const board = document.querySelector('#board svg.board');
  const touch = (type, pointerId, clientX) => board.dispatchEvent(new PointerEvent(type,
    {pointerId, clientX, clientY: y, pointerType: 'touch', isPrimary: pointerId === 1, bubbles: true}));
  touch('pointerdown', 1, x - 50);
  touch('pointerdown', 2, x + 50);
  touch('pointermove', 2, x + 150);
  touch('pointerup', 2, x + 150);
  touch('pointerup', 1, x - 50);
}"""

FOCUS_RING = """() => {
  const style = getComputedStyle(document.activeElement);
  return document.activeElement.matches(':focus-visible') && `${style.outlineStyle} ${style.outlineWidth}`;
}"""


def test_the_board_pans_and_zooms_by_mouse_touch_and_keys_hides_its_numbers_and_shows_focus(open_page: Any) -> None:
    """Issue 8: "Pan and zoom by mouse, keyboard and touch", "hex labels CCRR toggleable", "visible focus"."""
    page = open_page(None)
    board = "#board svg.board"

    def view() -> list[float]:
        return [float(n) for n in page.get_attribute(board, "viewBox").split()]

    def wait_view(test: str, value: float) -> None:
        page.wait_for_function(
            f"v => {{ const [x, y, w] = document.querySelector('{board}').getAttribute('viewBox').split(' ').map(Number);"
            f" return {test}; }}", arg=value)

    whole = view()
    box = page.locator(board).bounding_box()
    centre = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]

    page.focus(board)  # keys: + zooms in, 0 fits the whole board again
    page.keyboard.press("+")
    wait_view("w < v", whole[2])
    page.keyboard.press("0")
    wait_view("w === v", whole[2])

    page.evaluate(PINCH_OUT, centre)  # touch: spreading two fingers zooms in twice
    assert view()[2] == pytest.approx(whole[2] / 2, abs=0.2)
    page.mouse.move(*centre)
    page.mouse.wheel(0, -100)  # the mouse wheel zooms in further
    wait_view("w < v - 1", whole[2] / 2)
    zoomed = view()
    page.mouse.down()  # a drag pans: the board follows the pointer
    page.mouse.move(centre[0] - 120, centre[1] - 90, steps=5)
    page.mouse.up()
    wait_view("x > v", zoomed[0])
    assert view()[1] > zoomed[1] and view()[2] == zoomed[2]

    # The CCRR numbers hide and come back with their checkbox.
    page.wait_for_selector(".hex .hex-label", state="attached")
    page.uncheck("#show-labels")
    page.wait_for_selector(".hex .hex-label >> nth=0", state="hidden")
    page.check("#show-labels")
    page.wait_for_selector(".hex .hex-label >> nth=0", state="visible")

    # Every kind of control shows where the keyboard is: reached with Tab, it wears the focus ring.
    for control in (board, "[data-zoom='in']", "#show-labels", "[data-sight='toggle']", "#sight-form [name=from]",
                    "footer .language button"):
        page.focus(control)
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        assert page.evaluate(FOCUS_RING) == "solid 3px", control


def test_players_and_spectators_chat_in_rooms_apart(open_page: Any) -> None:
    """Issue 8, "chat panes": the players' room and the spectators' apart; what a user typed is shown as text."""
    alice, bob = open_page("alice"), open_page("bob")
    alice.fill("#chat input[name=text]", "<b>suerte</b>, bob")
    alice.click("#chat button[type=submit]")
    bob.wait_for_selector("#chat [data-room='players'] li")
    assert bob.inner_text("#chat [data-room='players'] li") == "alice: <b>suerte</b>, bob"
    alice.wait_for_selector("#chat [data-room='players'] li")

    # A spectator arriving later reads the spectators' room only, and must log in to post.
    spectator = open_page(None)
    spectator.wait_for_selector("#chat[data-history='loaded']")
    assert spectator.is_hidden("#chat [data-room='players']") and spectator.is_visible("#chat [data-room='spectators']")
    assert spectator.locator("#chat li").count() == 0
    assert spectator.locator("#chat form").count() == 0


def test_a_spanish_browser_gets_the_page_in_spanish_and_can_switch(
    browser: Any, daphne_server: dict[str, str], artifacts: Path
) -> None:
    context = browser.new_context(locale="es-ES", viewport={"width": 1300, "height": 1000})
    try:
        page = context.new_page()
        page.goto(daphne_server["url"] + daphne_server["match"])
        page.wait_for_selector("#match[data-version] .unit[data-unit='B']")

        assert page.get_attribute("html", "lang") == "es"
        assert page.inner_text("#sight-title") == "Línea de visión"
        assert page.inner_text("#status") == "Mirando."  # the client's words, from the JavaScript catalog
        page.click("[data-sight=toggle]")
        page.click(".hex[data-hex='0816']")
        page.click(".hex[data-hex='0403']")
        page.wait_for_selector("#sight[data-los='false']")
        assert page.inner_text("#sight-verdict") == "Línea de visión de A a 0403: bloqueada."
        # The server's rulings, said in Spanish from their codes: words, clauses and numbers included.
        reasons = page.inner_text("#sight-reasons")
        assert "Alturas: atacante A (Mech en pie en 0816) a nivel 1, hexágono objetivo 0403 a nivel 0." in reasons
        assert "0505: bosque denso que llega al nivel 2 interviene (más alto que ambos extremos): +2" in reasons
        assert "Hexágonos de bosque intervinientes: 1 de bosque ligero y 1 de bosque denso, que bloquean" in reasons
        assert "Heights" not in reasons and "intervenes" not in reasons
        page.screenshot(path=str(artifacts / "match-es.png"), full_page=True)

        page.click("footer .language button[value='en']")
        page.wait_for_selector("html[lang='en']")
        assert page.inner_text("#sight-title") == "Line of sight"
    finally:
        context.close()


def test_a_buttons_hint_shows_on_hover_and_focus_and_esc_hides_it(open_page: Any) -> None:
    """Issue 8, "tooltips dismissable with Esc": the zoom button's hint is the page's own tooltip, not a title."""
    alice = open_page("alice")
    zoom_in = alice.locator("[data-zoom='in']")
    hint = alice.locator(f"#{zoom_in.get_attribute('aria-describedby')}")

    assert zoom_in.get_attribute("title") is None and hint.inner_text() == "Zoom in (+)"
    zoom_in.hover()
    hint.wait_for(state="visible")
    alice.keyboard.press("Escape")
    hint.wait_for(state="hidden")
    zoom_in.focus()
    hint.wait_for(state="visible")
    alice.keyboard.press("Escape")
    hint.wait_for(state="hidden")
    assert alice.evaluate("document.activeElement.dataset.zoom") == "in"  # Esc left the focus where it was
