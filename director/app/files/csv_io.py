"""CSV in and out: players and past results read with every problem named by row
and column (nothing is written until the whole file is good), tables written
as UTF-8 with a BOM (spreadsheets then read accents right) and the delimiter
the language expects (";" where the decimal mark is a comma).
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from director.app.club.leagues import ImportedEvent
from director.app.club.names import fold
from director.app.club.roster import CONTACT_MAX, Roster
from director.core.decide import NAME_MAX_LENGTH, clean_line, clean_name
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.leagues import EventResults, ResultLine
from director.files import display_path, is_regular_file

MAX_BYTES = 4 * 1024 * 1024
MAX_ROWS = 20_000
MAX_WHOLE = MAX_ROWS
"""The largest place or count of knock-outs a file may give (no event has more
players than a file has rows): a number is refused before Python converts it, so a
place of 5,000 digits is a clear message, not Python's own limit."""
DELIMITERS = (";", ",", "\t")
COLUMNS_NAMED = 12
"""How many of a file's columns the import's report names (then "and 3 more")."""
BOM = "\ufeff"

PLAYER_COLUMNS = {
    "name": (
        "name",
        "nom",
        "full name",
        "player",
        "player name",
        "joueur",
        "nom complet",
        "nom et prénom",
        "prénom nom",
    ),
    "first_name": ("first name", "first", "given name", "prénom", "prenom"),
    "last_name": ("last name", "last", "surname", "family name", "nom de famille"),
    "nickname": ("nickname", "nick", "alias", "surnom", "pseudo", "pseudonyme"),
    "email": (
        "email",
        "e-mail",
        "email 1",
        "e-mail 1",
        "email address",
        "e-mail address",
        "mail",
        "courriel",
        "adresse e-mail",
        "adresse mail",
    ),
    "phone": (
        "phone",
        "phone 1",
        "phone number",
        "mobile",
        "mobile phone",
        "mobile 1",
        "cell",
        "cell phone",
        "téléphone",
        "téléphone 1",
        "tel",
        "portable",
    ),
}
"""The columns of a players file, as director writes them and as other tools and
spreadsheets name them (The Tournament Director's player export: First Name, Last
Name, Nickname, Email, Phone; address books: Email 1, Phone 1, Mobile...). Headers
are compared without case, accents, spaces or punctuation; a player file's other
columns are left out and named, never refused."""
PLAYER_REQUIRED = ("name",)
RESULT_COLUMNS = {
    "date": ("date",),
    "event": ("event", "event name", "tournoi", "événement", "evenement"),
    "player": ("player", "joueur", "name", "nom"),
    "place": ("place",),
    "prize": ("prize", "gain", "gains"),
    "bounties": ("bounties", "bounty", "primes", "prime"),
    "buy_in": ("buy_in", "buy-in", "buyin", "cave"),
    "money_in": ("money_in", "money in", "mises", "mise totale"),
    "knockouts": ("knockouts", "ko", "éliminations"),
}
"""The columns of a results file. ``buy_in`` is the event's (a formula's ``buyin``;
each player's money in unless ``money_in`` says otherwise: re-buys, add-ons)."""
RESULT_REQUIRED = ("date", "event", "player", "place")
RESULT_EXPORT = (
    "date",
    "event",
    "player",
    "place",
    "prize",
    "bounties",
    "buy_in",
    "money_in",
    "knockouts",
)
"""The columns of an export of results, in the order written (all the import reads)."""
RESULT_HEADERS = {
    "en": RESULT_EXPORT,
    "fr": (
        "date",
        "événement",
        "joueur",
        "place",
        "gain",
        "primes",
        "cave",
        "mises",
        "éliminations",
    ),
}
"""An export's header in each language: names of ``RESULT_COLUMNS`` (the import reads
a file written in either language), never translated apart from them."""


def delimiter_for(language: str) -> str:
    """ ";" for languages that write decimals with a comma (French), "," otherwise."""
    return ";" if language.split("_")[0] in ("fr", "de", "es", "it", "nl", "pt") else ","


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (``=cmd|' /C calc'!A0``)."""
_AFFIX = r"(?:[A-Za-z$£¥€]|[^\x00-\x7f]){1,4}"
_PLAIN_NUMBER = re.compile(
    rf"[+-](?:{_AFFIX}[\u00a0\u202f ]?)?\d[\d.,\u00a0\u202f]*(?:[\u00a0\u202f ]?(?:%|{_AFFIX}))?"
)
"""A number or an amount as the app writes it ("-€15.00", "-15,00 €", "-3"): it may
start with a minus and stays a number."""


def spreadsheet_cell(value: object) -> str:
    """``value`` as a CSV cell a spreadsheet will not run: a text that starts like a
    formula (= + - @, a tab or a carriage return), a player named ``=HYPERLINK(...)``
    say, gets a leading apostrophe, which spreadsheets read as "text"; the app's
    own numbers and amounts (a net of -€15.00) are left as they are."""
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def write_rows(
    handle: TextIO,
    header: Sequence[str],
    rows: Iterable[Sequence[object]],
    *,
    delimiter: str,
    lineterminator: str = "\r\n",
) -> None:
    """A table as CSV on ``handle``, every cell made safe for spreadsheets."""
    writer = csv.writer(handle, delimiter=delimiter, lineterminator=lineterminator)
    writer.writerow([spreadsheet_cell(value) for value in header])
    for row in rows:
        writer.writerow([spreadsheet_cell(value) for value in row])


def write_table(
    path: Path, header: Sequence[str], rows: Iterable[Sequence[object]], *, delimiter: str
) -> None:
    """Write a table as CSV (UTF-8 with BOM) through a temporary file; a place that
    cannot be written (no such folder, a database file, a full disk) is a
    ``StoreError`` naming it, never a traceback."""
    from director.app.files.outputs import write_output

    buffer = io.StringIO()
    write_rows(buffer, header, rows, delimiter=delimiter)
    write_output(Path(path), BOM + buffer.getvalue())


@dataclass(frozen=True)
class CsvRow:
    number: int
    """The row's line in the file (the header is row 1)."""
    values: dict[str, str]


def header_key(name: str) -> str:
    """A column's name for comparison: no case, accents, spaces or punctuation
    ("E-mail 1" and "email1" are one name)."""
    return "".join(ch for ch in fold(name) if ch.isalnum())


@dataclass(frozen=True)
class CsvTable:
    rows: list[CsvRow]
    taken: tuple[str, ...]
    """The header's names of the columns read, in the file's order."""
    ignored: tuple[str, ...]
    """The header's names of the columns left out (unknown, or a second column for
    the same thing: "Phone 2" after "Phone 1")."""


def read_rows(
    source: Path | bytes, columns: dict[str, tuple[str, ...]], required: Sequence[str]
) -> list[CsvRow]:
    """The rows of a CSV file with the known ``columns`` (names in English or French,
    any case), or ``RuleViolation`` naming the first problem's row and column (an
    unknown column is one)."""
    return read_table(source, columns, required).rows


def read_table(
    source: Path | bytes,
    columns: dict[str, tuple[str, ...]],
    required: Sequence[str],
    *,
    leave_out_unknown: bool = False,
    required_any: Sequence[Sequence[str]] = (),
) -> CsvTable:
    """``read_rows``, saying which columns it read; with ``leave_out_unknown`` an
    unknown or repeated column is left out instead of refused. ``required_any``:
    groups of columns of which the file must have one (a name, or a first or last
    name); ``required`` names the missing column when no group is met."""
    if isinstance(source, bytes):
        data = source
    else:
        if not is_regular_file(source):
            # Opening a FIFO waits for a writer forever; a device never ends.
            raise RuleViolation("csv_not_a_file", path=display_path(source))
        try:
            with open(source, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except OSError as error:
            raise RuleViolation(
                "csv_unreadable", path=display_path(source), detail=error.strerror
            ) from None
    if len(data) > MAX_BYTES:
        raise RuleViolation("csv_too_big", size=MAX_BYTES)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RuleViolation("csv_encoding", row=_line_of(data[: error.start])) from None
    if "\x00" in text:
        row = _line_of(text[: text.index("\x00")].encode())
        raise RuleViolation("csv_encoding", row=row)
    lines = text.splitlines()
    if not lines or not lines[0].strip():
        raise RuleViolation("csv_empty")
    first = lines[0]
    # A header of one column has no delimiter: the rows' tell which one a row with
    # too many values uses (else it would read as one value, commas and all).
    sample = first if any(mark in first for mark in DELIMITERS) else text
    delimiter = max(DELIMITERS, key=sample.count)
    # newline="": lines end at "\r\n", "\n" or a lone "\r" (old Macs), as the csv
    # module needs to read line breaks inside quoted values.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        header = next(reader)
    except (csv.Error, StopIteration):
        raise RuleViolation("csv_empty") from None
    aliases = {header_key(alias): key for key, names in columns.items() for alias in names}
    keys: list[str | None] = []
    taken: list[str] = []
    ignored: list[str] = []
    for index, name in enumerate(header, start=1):
        key = aliases.get(header_key(name))
        if key is None or key in keys:
            if not leave_out_unknown:
                raise RuleViolation("csv_unknown_column", column=index, name=name.strip()[:40])
            # Kept in ``keys`` as a hole: a row's values still line up with the header.
            keys.append(None)
            ignored.append(name.strip()[:40])
            continue
        keys.append(key)
        taken.append(name.strip()[:40])
    met = any(all(key in keys for key in group) for group in required_any)
    for key in required:
        if key not in keys and not met:
            raise RuleViolation("csv_missing_column", column=key, expected=", ".join(columns))
    rows: list[CsvRow] = []
    try:
        for values in reader:
            number = reader.line_num
            if not any(value.strip() for value in values):
                continue
            if len(rows) >= MAX_ROWS:
                raise RuleViolation("csv_too_large", maximum=MAX_ROWS)
            if len(values) != len(keys):
                # The first value too many, or the first one missing.
                column = min(len(values), len(keys)) + 1
                raise RuleViolation(
                    "csv_row_length",
                    row=number,
                    column=column,
                    found=len(values),
                    expected=len(keys),
                )
            rows.append(
                CsvRow(
                    number,
                    {
                        key: _unquoted(value.strip())
                        for key, value in zip(keys, values, strict=True)
                        if key is not None
                    },
                )
            )
    except csv.Error as error:
        raise RuleViolation(
            "csv_value", row=reader.line_num, column="", detail=str(error)
        ) from None
    return CsvTable(rows, tuple(taken), tuple(ignored))


def _line_of(before: bytes) -> int:
    """The line of the byte that follows ``before``: lines end at "\r\n", "\n" or "\r"."""
    return before.count(b"\n") + before.count(b"\r") - before.count(b"\r\n") + 1


def _unquoted(value: str) -> str:
    """A cell as written before ``spreadsheet_cell`` made it safe: a file exported by
    director (or a spreadsheet) reads back with the same names."""
    if value.startswith("'") and value[1:].startswith(FORMULA_STARTS):
        return value[1:]
    return value


def _cell_error(row: CsvRow, column: str, error: RuleViolation) -> RuleViolation:
    from director.i18n import describe_error

    return RuleViolation("csv_value", row=row.number, column=column, detail=describe_error(error))


def _whole(row: CsvRow, column: str, *, minimum: int, empty: int | None = None) -> int:
    text = row.values.get(column, "")
    if not text and empty is not None:
        return empty
    # ASCII digits only: "²" and other Unicode digits pass isdigit() but not int().
    if not (text.isascii() and text.isdigit()):
        raise RuleViolation("csv_value", row=row.number, column=column, detail=repr(text[:40]))
    text = text.lstrip("0") or "0"  # 5,000 zeros then a 3 is 3, and converts
    if len(text) > len(str(MAX_WHOLE)) or int(text) > MAX_WHOLE:
        raise RuleViolation(
            "csv_number_too_large",
            row=row.number,
            column=column,
            maximum=MAX_WHOLE,
        )
    if int(text) < minimum:
        raise RuleViolation("csv_value", row=row.number, column=column, detail=repr(text))
    return int(text)


def _money(row: CsvRow, column: str) -> int:
    from director.i18n import parse_money

    text = row.values.get(column, "")
    if not text:
        return 0
    try:
        return parse_money(text)
    except ValueError:
        raise RuleViolation("csv_value", row=row.number, column=column, detail=repr(text)) from None


@dataclass(frozen=True)
class PlayersPreview:
    """What importing a players file would do, before anything is written."""

    new: tuple[tuple[str, str, str], ...]
    """``(name, nickname, contact)`` of the players to add."""
    already: tuple[tuple[int, str], ...]
    """``(row, name)`` of rows whose player the roster already has (left out)."""
    taken: tuple[str, ...] = ()
    """The file's columns read, named as its header names them."""
    ignored: tuple[str, ...] = ()
    """The file's columns left out (another tool's "Address", "Notes"...)."""


def preview_players(source: Path | bytes, roster: Roster) -> PlayersPreview:
    """What importing a players file would do: director's own export or another
    tool's (a full name, or a first and a last name)."""
    table = read_table(
        source,
        PLAYER_COLUMNS,
        PLAYER_REQUIRED,
        leave_out_unknown=True,
        required_any=(("first_name",), ("last_name",)),
    )
    rows = table.rows
    known = {fold(player.name) for player in roster.all(include_merged=True)}
    seen: dict[str, int] = {}
    new = []
    already = []
    for row in rows:
        values = dict(row.values)
        if "first_name" in values and "last_name" not in values and "name" in values:
            # "Prénom;Nom": beside a first name, "Nom" is the family name.
            values["last_name"] = values.pop("name")
        whole = values.get("name", "") or " ".join(
            part for part in (values.get("first_name"), values.get("last_name")) if part
        )
        try:
            name = clean_name(whole)
        except RuleViolation as error:
            raise _cell_error(row, "name", error) from None
        try:
            nickname = clean_line(row.values.get("nickname", ""), maximum=NAME_MAX_LENGTH)
            contact = " / ".join(
                part for part in (row.values.get("email", ""), row.values.get("phone", "")) if part
            )
            contact = clean_line(contact, maximum=CONTACT_MAX, too_long="contact_too_long")
        except RuleViolation as error:
            raise _cell_error(row, "nickname/email/phone", error) from None
        key = fold(name)
        if key in seen:
            raise RuleViolation("csv_duplicate", row=row.number, first=seen[key], value=name)
        seen[key] = row.number
        if key in known:
            already.append((row.number, name))
        else:
            new.append((name, nickname, contact))
    return PlayersPreview(
        new=tuple(new), already=tuple(already), taken=table.taken, ignored=table.ignored
    )


def columns_text(preview: PlayersPreview) -> str:
    """ "Columns read: First Name, Email 1. Left out: Address." for the import's report."""
    from director.i18n import _, ngettext

    def names(columns: Sequence[str]) -> str:
        # A header of thousands of columns is named in a line, not a page.
        shown = ", ".join(_("“{column}”").format(column=name) for name in columns[:COLUMNS_NAMED])
        more = len(columns) - COLUMNS_NAMED
        if more <= 0:
            return shown
        return ngettext("{names} and {count} more", "{names} and {count} more", more).format(
            names=shown, count=more
        )

    text = _("Columns read: {columns}.").format(columns=names(preview.taken))
    if preview.ignored:
        text += " " + _("Left out: {columns}.").format(columns=names(preview.ignored))
    return text


def read_results(source: Path | bytes) -> list[ImportedEvent]:
    """Past results, one event per (date, event name), ties where places repeat."""
    from director.app.club.leagues import check_date

    rows = read_rows(source, RESULT_COLUMNS, RESULT_REQUIRED)
    events: dict[tuple[str, str], list[tuple[CsvRow, str, int]]] = {}
    buy_ins: dict[tuple[str, str], int] = {}
    seen: dict[tuple[str, str, str], int] = {}
    for row in rows:
        try:
            date = check_date(row.values["date"])
        except RuleViolation as error:
            raise _cell_error(row, "date", error) from None
        if not date:
            raise RuleViolation("csv_value", row=row.number, column="date", detail="''")
        try:
            event = clean_name(row.values["event"])
        except RuleViolation as error:
            raise _cell_error(row, "event", error) from None
        try:
            player = clean_name(row.values["player"])
        except RuleViolation as error:
            raise _cell_error(row, "player", error) from None
        place = _whole(row, "place", minimum=1)
        key = (date, fold(event), fold(player))
        if key in seen:
            raise RuleViolation("csv_duplicate", row=row.number, first=seen[key], value=player)
        seen[key] = row.number
        events.setdefault((date, event), []).append((row, player, place))
        buy_ins.setdefault((date, event), _money(row, "buy_in"))
    imported = []
    for (date, event), entries in events.items():
        count: dict[int, int] = {}
        for _row, _player, place in entries:
            count[place] = count.get(place, 0) + 1
        _check_places(entries, count)
        lines = []
        for row, player, place in entries:
            prize = _money(row, "prize")
            bounties = _money(row, "bounties")
            money_in = buy_ins[(date, event)]
            if row.values.get("money_in"):
                money_in = _money(row, "money_in")
            lines.append(
                ResultLine(
                    player=PlayerId(0),
                    name=player,
                    best=place,
                    worst=place + count[place] - 1,
                    prize=prize,
                    bounties=bounties,
                    knockouts=_whole(row, "knockouts", minimum=0, empty=0),
                    money_in=money_in,
                    money_out=prize + bounties,
                )
            )
        imported.append(
            ImportedEvent(name=event, date=date, buy_in=buy_ins[(date, event)], lines=tuple(lines))
        )
    return imported


def _check_places(entries: Sequence[tuple[CsvRow, str, int]], count: dict[int, int]) -> None:
    """R23: the places of one event follow each other from 1, tied players sharing
    the places they cover (two at 1 cover 1 and 2: the next is 3), none past the
    last player."""
    expected = 1
    for place in sorted(count):
        if place != expected:
            row = min(row.number for row, _player, at in entries if at == place)
            raise RuleViolation("csv_place_out_of_order", row=row, place=place, expected=expected)
        expected += count[place]


def without_money_in(events: Sequence[ImportedEvent]) -> list[ImportedEvent]:
    """The events of a results file whose players paid nothing in (no ``buy_in`` nor
    ``money_in`` column, or empty): their money in counts as 0 in the standings."""
    return [event for event in events if all(line.money_in == 0 for line in event.lines)]


def without_money_in_text(count: int) -> str:
    from director.i18n import ngettext

    return ngettext(
        "{count} event has no buy-in: its players' money in counts as 0 (a buy_in "
        "column gives it).",
        "{count} events have no buy-in: their players' money in counts as 0 (a buy_in "
        "column gives it).",
        count,
    ).format(count=count)


def result_header(language: str) -> list[str]:
    """The header of an export of results in ``language`` (English otherwise)."""
    return list(RESULT_HEADERS.get(language.split("_")[0], RESULT_HEADERS["en"]))


def result_rows(
    events: Iterable[EventResults],
    *,
    names: Mapping[PlayerId, str] | None = None,
    same: Mapping[PlayerId, PlayerId] | None = None,
) -> list[list[str]]:
    """Each placed player of each event, one row each in ``RESULT_EXPORT``'s columns,
    amounts as the language writes them: what ``read_results`` reads back. A merged
    player is written under the name of the record kept (``same``, ``names``), so
    another database counts them once too; places shared by a tie are written as
    the tie's best place (R23), as the import reads them."""
    from director.i18n import format_money

    def money(amount: int) -> str:
        return format_money(amount, symbol=False)

    rows: list[list[str]] = []
    names = names or {}
    same = same or {}
    for event in sorted(events, key=lambda item: (item.date, item.event)):
        placed = [line for line in event.lines if line.best is not None]
        kept = [names.get(same.get(line.player, line.player), line.name) for line in placed]
        times = Counter(kept)
        for line, name in zip(placed, kept, strict=True):
            if times[name] > 1:
                name = line.name  # two merged records in one event: each its own
            rows.append(
                [
                    event.date,
                    event.name,
                    name,
                    str(line.best),
                    money(line.prize),
                    money(line.bounties),
                    money(event.buy_in),
                    money(line.money_in),
                    str(line.knockouts),
                ]
            )
    return rows
