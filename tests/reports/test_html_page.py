"""A night's and a season's results as one self-contained HTML page (issue 33)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from director.app.club.leagues import Leagues
from director.app.club.roster import Roster
from director.app.views.charts import season_race
from director.cli import main
from director.core import commands as c
from director.core.leagues import PointsRule
from director.core.money import MoneySettings
from director.core.players import Bust
from director.core.prize_pool import prize_pool
from director.core.results import player_results
from director.i18n import format_money, set_language
from director.reports.html_page import night_html, season_html
from tests.app.league_helpers import STRUCTURE, play_event

NAMES = ["Ann", "Bob", "Zoë", "Dmitri", "Eve", "Farid"]
CONTACT = "ann@example.org"


class Page(HTMLParser):
    """The tags, links and text of a page, as a browser would read them."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.links: list[str] = []
        self.cells: list[str] = []
        self.text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.links.append(value)

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self.tags and self.tags[-1] == "td":
            self.cells.append(data)


def assert_self_contained(page: Page) -> None:
    assert "script" not in page.tags
    assert "link" not in page.tags
    assert not page.links, "no outside link, no image to fetch"
    assert "svg" in page.tags


@pytest.fixture
def night(library, database, clock):
    roster = Roster(database, clock=clock)
    players = [roster.add(name, contact=CONTACT if name == "Ann" else "") for name in NAMES]
    session = library.create("Rebuy Night", event_date="2026-11-14")
    session.dispatch(
        c.SetUpEvent(
            structure=STRUCTURE,
            money=MoneySettings(buy_in=2000, chips=5000, bounty=500),
            players=tuple(c.Newcomer(player=p.id, name=p.name) for p in players),
        )
    )
    session.dispatch(c.StartClock())
    for index in range(5, 0, -1):
        clock.advance(60_000)
        killer = players[1] if index == 5 else players[0]
        session.dispatch(
            c.BustPlayers(busts=(Bust(player=players[index].id, eliminator=killer.id),))
        )
    return session


def test_a_nights_page_has_every_player_and_prize_and_nothing_private(night) -> None:
    text = night_html(night.state)
    page = Page(text)
    assert_self_contained(page)
    results = player_results(night.state)
    assert len(results) == len(NAMES)
    for result in results:
        assert result.name in page.cells
        if result.prize:
            assert format_money(result.prize) in page.cells
        if result.bounties:
            assert format_money(result.bounties) in page.cells
    assert "Rebuy Night" in page.text
    last = len(page.cells) - 1 - page.cells[::-1].index("Farid")
    assert page.cells[last + 1] == "Bob", "who knocked out whom"
    assert CONTACT not in text
    assert "@" not in text


def test_a_nights_page_in_french(night) -> None:
    """The page in the user's language and currency."""
    set_language("fr")
    try:
        text = night_html(night.state)
        pool = format_money(prize_pool(night.state).total)
    finally:
        set_language("en")
    page = Page(text)
    words = "".join(page.text)
    assert "Joueurs restants" in words
    assert "Éliminé par" in words
    assert pool in words


def test_a_seasons_page_states_the_formula_and_each_winner(library, database, clock) -> None:
    roster = Roster(database, clock=clock)
    leagues = Leagues(database, clock=clock)
    ann, bob, cat = (roster.add(name, contact=CONTACT) for name in ("Ann", "Bob", "Cat"))
    play_event(library, "N1", "2026-02-01", [ann, bob, cat])
    play_event(library, "N2", "2026-02-08", [bob, ann, cat])
    play_event(library, "N3", "2026-02-15", [cat, bob, ann])
    league = leagues.create("Winter", PointsRule(kind="field", knockout=50))
    table = leagues.table(league.id)
    race = season_race(leagues, table)
    assert [line.points[-1] for line in race.lines] == [row.points for row in table.rows]
    text = season_html(table, race)
    page = Page(text)
    assert_self_contained(page)
    assert "By field size (entrants − place + 1); 0.5 per knock-out" in "".join(page.text)
    for row in table.rows:
        assert row.name in page.cells
    for event, winner in (("N1", "Ann"), ("N2", "Bob"), ("N3", "Cat")):
        at = page.cells.index(event)
        assert page.cells[at + 1] == winner
    assert CONTACT not in text


def test_report_html_writes_the_page_and_refuses_bad_input(night, db_path, tmp_path, capsys):
    night.database.close()
    out = tmp_path / "night.html"
    assert main(["report", "html", "Rebuy Night", "--db", str(db_path), "--out", str(out)]) == 0
    assert Page(out.read_text(encoding="utf-8")).tags.count("tr") == len(NAMES) + 1 + 5 + 1
    capsys.readouterr()
    for bad in (
        ["report", "html", "--db", str(db_path), "--out", str(out)],
        ["report", "html", "No such night", "--db", str(db_path), "--out", str(out)],
        ["report", "html", "--league", "Nope", "--db", str(db_path), "--out", str(out)],
    ):
        before = out.read_bytes()
        assert main(bad) == 2, bad
        assert len(capsys.readouterr().err.strip().splitlines()) == 1
        assert out.read_bytes() == before, "nothing written is changed"


def test_report_png_is_a_chat_sized_picture_of_the_standings(
    qapp, night, db_path, tmp_path, capsys
):
    from PySide6.QtGui import QImage

    night.database.close()
    out = tmp_path / "night.png"
    assert main(["report", "png", "Rebuy Night", "--db", str(db_path), "--out", str(out)]) == 0
    image = QImage(str(out))
    assert image.width() == 1080
    assert 400 < image.height() < 1920, "one phone screen or so for six players"
    capsys.readouterr()
    assert main(["report", "png", "--db", str(db_path), "--out", str(out)]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_report_html_and_png_of_a_season(qapp, library, database, clock, db_path, tmp_path, capsys):
    from PySide6.QtGui import QImage

    roster = Roster(database, clock=clock)
    ann, bob, cat = (roster.add(name) for name in ("Ann", "Bob", "Cat"))
    play_event(library, "N1", "2026-02-01", [ann, bob, cat])
    play_event(library, "N2", "2026-02-08", [bob, ann, cat])
    Leagues(database, clock=clock).create("Winter")
    database.close()
    page = tmp_path / "season.html"
    assert not main(
        ["report", "html", "--league", "Winter", "--db", str(db_path), "--out", str(page)]
    )
    assert {"Ann", "Bob", "Cat"} <= set(Page(page.read_text(encoding="utf-8")).cells)
    picture = tmp_path / "season.png"
    assert (
        main(["report", "png", "--league", "Winter", "--db", str(db_path), "--out", str(picture)])
        == 0
    )
    assert QImage(str(picture)).width() == 1080


def test_the_french_formula_puts_a_space_before_each_semicolon() -> None:
    """French typography: « ; » has a (no-break) space before it, as the page's other
    French punctuation."""
    from director.reports.html_page import rule_text

    rule = PointsRule(kind="field", knockout=50, best_of=8)
    set_language("fr")
    try:
        text = rule_text(rule)
    finally:
        set_language("en")
    assert text.count("\u00a0; ") == 2 and "n ; " not in text.replace("\u00a0; ", "")
    assert rule_text(rule).count("; ") == 2 and "\u00a0" not in rule_text(rule)


def test_the_nights_chart_is_drawn_by_time_not_by_step(library, database, clock) -> None:
    """An hour without a bust is an hour wide: three busts a minute apart, then one an
    hour later, leave the last step of the players-left line far from the others."""
    import re

    from director.app.views.charts import night_chart
    from director.i18n import format_time

    roster = Roster(database, clock=clock)
    players = [roster.add(name) for name in NAMES[:5]]
    session = library.create("Slow Night", event_date="2026-11-14")
    session.dispatch(
        c.SetUpEvent(
            structure=STRUCTURE,
            money=MoneySettings(buy_in=2000, chips=5000),
            players=tuple(c.Newcomer(player=p.id, name=p.name) for p in players),
        )
    )
    session.dispatch(c.StartClock())
    for index, wait in zip((4, 3, 2), (60_000, 60_000, 3_600_000), strict=True):
        clock.advance(wait)
        session.dispatch(c.BustPlayers(busts=(Bust(player=players[index].id),)))
    text = night_html(session.state)
    line = re.search(r'<polyline[^>]*points="([^"]+)"', text)
    assert line is not None
    xs = [float(point.split(",")[0]) for point in line.group(1).split()]
    times = [point.at for point in night_chart(session.state).points]
    span_x, span_t = xs[-1] - xs[0], times[-1] - times[0]
    for x, at in zip(xs, times, strict=True):
        assert abs((x - xs[0]) / span_x - (at - times[0]) / span_t) < 0.01
    assert (xs[-1] - xs[-2]) > 10 * (xs[-2] - xs[-3])
    assert format_time(times[0]) in text and format_time(times[-1]) in text
