"""The ``director`` command: with no subcommand it starts the app; subcommands
work headless on the same sessions and reports.

Errors print one line on stderr and exit with status 2; a file that fails a
check is never written to.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from director import __version__, paths
from director.core.errors import RuleViolation
from director.core.ids import PlayerId
from director.core.messages import Message
from director.files import display_path, one_line
from director.i18n import N_, _, describe_error, ngettext, render, set_language
from director.persistence.errors import StoreError

if TYPE_CHECKING:
    from director.app.club.balances import NightExpense
    from director.app.club.leagues import Leagues
    from director.app.files.settings import Settings
    from director.app.storage.upgrade import UpgradeResult
    from director.persistence.db import Database

EXIT_USAGE = 2


class CliError(Exception):
    """A user-facing failure: printed as one line, exit status 2."""


ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("%(prog)s: error: %(message)s\n"),
)
"""The words argparse itself prints, so that help and usage errors follow the
language too (Python ships no French catalogue for them)."""


def translate_argparse() -> None:
    """Make argparse look its words up in director's catalogue."""
    # argparse calls its module-level gettext functions by name at run time.
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` reads it (``COLUMNS``,
    then standard output's terminal, else 80), without importing ``shutil`` (and
    its compression modules) for every command line."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help layout, at the width it would choose itself: the terminal's
    less two columns (argparse imports ``shutil`` to read it, as each option is
    added)."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        if width is None:
            width = terminal_columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, exit status 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        hint = _("see {command} --help").format(command=self.prog)
        self.exit(
            EXIT_USAGE,
            _("%(prog)s: error: %(message)s\n")
            % {"prog": self.prog, "message": f"{message} ({hint})"},
        )


class _Unbuilt(argparse.ArgumentParser):
    """Stands for the parser of a command this run does not carry out: every option
    added to it is dropped (building ~30 commands' parsers and their options was a
    tenth of ``director status``)."""

    def __init__(self) -> None:  # nothing of a parser is built
        pass

    def add_argument(self, *args: Any, **kwargs: Any) -> Any:
        return self

    def add_mutually_exclusive_group(self, *args: Any, **kwargs: Any) -> Any:
        return self

    def add_argument_group(self, *args: Any, **kwargs: Any) -> Any:
        return self

    def add_subparsers(self, *args: Any, **kwargs: Any) -> Any:
        return self

    def add_parser(self, *args: Any, **kwargs: Any) -> Any:
        return self

    def set_defaults(self, *args: Any, **kwargs: Any) -> None:
        pass


class _OtherCommand(Exception):
    """The command line names a command whose parser was not built."""


class _Commands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """The subcommands, of which only ``wanted`` (when set) gets its parser built."""

    wanted: str | None = None

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        if self.wanted is None or name == self.wanted:
            return super().add_parser(name, **kwargs)
        unbuilt = _Unbuilt()
        self._name_parser_map[name] = unbuilt  # a valid choice, raising _OtherCommand
        return unbuilt

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        if self.wanted is not None and values[0] != self.wanted:
            raise _OtherCommand  # guessed wrong (an abbreviated option's value): build all
        super().__call__(parser, namespace, values, option_string)


NO_COMMAND = ""
"""What ``command_named`` says of a command line that names no command (the app):
no command's parser is built, where None (help) builds them all."""


def command_named(argv: Sequence[str]) -> str | None:
    """The command ``argv`` seems to name: its first word that is not an option (nor
    the value of ``--db``); ``NO_COMMAND`` when it names none (the app starts: the
    commands' parsers are left unbuilt); None when it asks for help before any
    command."""
    words = iter(argv)
    for word in words:
        if word in ("-h", "--help"):
            return None
        if word == "--db":
            next(words, None)
        elif not word.startswith("-") or word == "--":
            return next(words, None) if word == "--" else word
    return NO_COMMAND


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """``argv`` parsed, building the parser of the command it names only."""
    try:
        return build_parser(command_named(argv)).parse_args(argv)
    except _OtherCommand:
        return build_parser().parse_args(argv)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with ``command``, the other commands' parsers are
    left unbuilt (they can then not be parsed: see ``parse_arguments``)."""
    translate_argparse()
    parser = Parser(
        prog="director",
        description=_(
            "Tournament director for live home poker games. With no command, starts the app."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"director {__version__}",
        help=_("show the version number and exit"),
    )
    db_help = _(
        "the database: a file, or a PostgreSQL URL such as postgresql://user@host/club "
        "(default: %(default)s)"
    )
    parser.add_argument(
        "--db",
        type=database_target,
        default=paths.default_database(),
        help=db_help,
        metavar="PATH_OR_URL",
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help=_("let Qt's own messages (sound system, multimedia) through to the terminal"),
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", action=_Commands)
    assert isinstance(commands, _Commands)
    commands.wanted = command

    def with_db(sub: argparse.ArgumentParser) -> argparse.ArgumentParser:
        sub.add_argument(
            "--db",
            type=database_target,
            default=argparse.SUPPRESS,
            help=_("the database: a file or a PostgreSQL URL"),
            metavar="PATH_OR_URL",
        )
        return sub

    with_db(commands.add_parser("events", help=_("list the events, one per line")))
    status = with_db(commands.add_parser("status", help=_("show an event's current state")))
    status.add_argument("event", metavar="EVENT", help=_("the event's number or exact name"))
    status.add_argument("--json", action="store_true", help=_("print a JSON document"))
    delete = with_db(
        commands.add_parser(
            "delete",
            help=_(
                "delete an event (a backup is made first); refused while its money is not settled"
            ),
        )
    )
    delete.add_argument("event", metavar="EVENT", help=_("the event's number or exact name"))
    summary = with_db(
        commands.add_parser(
            "summary", help=_("an event's results as a few lines to paste in the group chat")
        )
    )
    summary.add_argument("event", metavar="EVENT", help=_("the event's number or exact name"))
    lifetime = with_db(
        commands.add_parser(
            "lifetime",
            help=_("every player's results over all nights, tournaments and cash games"),
        )
    )
    lifetime.add_argument("--csv", action="store_true", help=_("print CSV"))
    lifetime.add_argument("--out", type=Path, metavar="FILE.csv", help=_("write a CSV file"))
    with_db(
        commands.add_parser(
            "demo", help=_("create a demo event with made-up players, to try everything")
        )
    )
    with_db(
        commands.add_parser(
            "upgrade",
            help=_(
                "upgrade a database written by an older version: back it up, upgrade it, "
                "replay every event"
            ),
        )
    )
    copy = commands.add_parser(
        "copy",
        help=_("copy a whole database to another (file or PostgreSQL), then check the copy"),
    )
    copy.add_argument(
        "--from",
        dest="source",
        type=database_target,
        required=True,
        metavar="PATH_OR_URL",
        help=_("the database to copy (never changed)"),
    )
    copy.add_argument(
        "--to",
        dest="target",
        type=database_target,
        required=True,
        metavar="PATH_OR_URL",
        help=_("where to copy it: a new file, or an empty PostgreSQL database"),
    )
    report = with_db(commands.add_parser("report", help=_("write a report as a PDF file")))
    report.add_argument(
        "kind",
        metavar="KIND",
        help=_(
            "payouts, standings, ledger, structure, seating, settlement, receipts, sign-in, "
            "door (the check-in sign), league, player, lifetime, balances, settle, "
            "html (a results page) or png (a picture of the standings)"
        ),
    )
    report.add_argument(
        "event",
        metavar="EVENT",
        nargs="?",
        default=None,
        help=_(
            "the event's number or exact name (or the league, player; “all” for the "
            "club's balances or settle up; none for lifetime)"
        ),
    )
    report.add_argument(
        "--out", type=Path, required=True, metavar="FILE.pdf", help=_("the PDF file to write")
    )
    report.add_argument(
        "--paper",
        choices=("A4", "Letter"),
        default=None,
        help=_("paper size (default: the setting, A4 unless changed)"),
    )
    report.add_argument(
        "--season", default=None, metavar="SEASON", help=_("for a league: the season")
    )
    report.add_argument(
        "--league",
        default=None,
        metavar="LEAGUE",
        help=_("for html and png: the league's season instead of a night"),
    )
    report.add_argument(
        "--url",
        default=None,
        metavar="URL",
        help=_(
            "for door: the check-in page's address (default: the network page's address "
            "and port in the settings, /door)"
        ),
    )
    export = with_db(
        commands.add_parser(
            "export",
            help=_(
                "write an event's standings or ledger as CSV, or a league's results as "
                "the results import reads them"
            ),
        )
    )
    export.add_argument(
        "table",
        choices=("standings", "ledger", "results"),
        metavar="TABLE",
        help=_("standings, ledger or results"),
    )
    export.add_argument(
        "event",
        nargs="?",
        default=None,
        metavar="EVENT",
        help=_(
            "the event's number or exact name (not for results; without it, ledger "
            "lists the club's shared expenses)"
        ),
    )
    export.add_argument(
        "--league",
        default=None,
        metavar="LEAGUE",
        help=_("for results: the league whose events to write"),
    )
    export.add_argument(
        "--season", default=None, metavar="SEASON", help=_("for results: only this season")
    )
    export.add_argument(
        "--out", type=Path, metavar="FILE.csv", help=_("the CSV file to write (default: print it)")
    )
    assets = with_db(
        commands.add_parser(
            "assets",
            help=_(
                "list the TV's pictures and sounds kept in the database, each checked "
                "against its name"
            ),
        )
    )
    assets.add_argument(
        "--remove-unused",
        action="store_true",
        help=_("remove those no event's look (nor the default look) uses"),
    )
    serve = with_db(
        commands.add_parser(
            "serve",
            help=_("serve the live clock on the local network, without the window"),
        )
    )
    serve.add_argument(
        "event",
        nargs="?",
        default=None,
        metavar="EVENT",
        help=_("the event's number or exact name (default: the newest one still going)"),
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="ADDR",
        help=_(
            "the address of this machine to serve on, as phones will type it "
            "(default: %(default)s, this machine only)"
        ),
    )
    serve.add_argument(
        "--port",
        type=port_number,
        default=8765,
        metavar="N",
        help=_("the port (default: %(default)s)"),
    )
    serve.add_argument(
        "--pair",
        action="store_true",
        help=_("print a one-time code to pair the organizer's phone as a remote"),
    )
    serve.add_argument(
        "--dealers",
        action="store_true",
        help=_("print each table's code for its dealer's phone, and the calls for the floor"),
    )
    serve.add_argument(
        "--door",
        action="store_true",
        help=_("open the door: players check themselves in at the page's /door"),
    )
    serve.add_argument(
        "--upgrade",
        action="store_true",
        help=_("upgrade a database written by an older version first (as director upgrade)"),
    )
    add_league_commands(commands, with_db)
    add_club_commands(commands, with_db)
    return parser


def add_club_commands(
    commands: argparse._SubParsersAction,  # type: ignore[type-arg]
    add_db: Callable[[argparse.ArgumentParser], argparse.ArgumentParser],
) -> None:
    """``balances``, ``pay``, ``write-off`` and ``settle``: the club's money across nights."""
    balances = add_db(
        commands.add_parser("balances", help=_("what each player owes or is owed, all nights"))
    )
    balances.add_argument("--csv", action="store_true", help=_("print CSV"))
    pay = add_db(commands.add_parser("pay", help=_("record a payment between nights")))
    pay.add_argument("player", metavar="PLAYER", help=_("who pays (a player, or “club”)"))
    pay.add_argument("amount", metavar="AMOUNT", help=_("how much, such as 20 or 12.50"))
    pay.add_argument(
        "--to", metavar="PLAYER", default="", help=_("who is paid (default: the club)")
    )
    pay.add_argument("--method", metavar="M", default="cash", help=_("how (default: cash)"))
    pay.add_argument("--date", metavar="YYYY-MM-DD", default="", help=_("when (default: today)"))
    write_off = add_db(
        commands.add_parser("write-off", help=_("forgive what a player owes or is owed"))
    )
    write_off.add_argument("player", metavar="PLAYER", help=_("the player's name"))
    write_off.add_argument(
        "amount", metavar="AMOUNT", nargs="?", default="", help=_("how much (default: all)")
    )
    expense = add_db(
        commands.add_parser("expense", help=_("record a shared expense (food, drinks, venue)"))
    )
    expense.add_argument("amount", metavar="AMOUNT", help=_("how much, such as 20 or 12.50"))
    expense.add_argument(
        "--paid-by", metavar="PLAYER", required=True, help=_("who paid it (a player)")
    )
    expense.add_argument(
        "--split",
        metavar="all|P1,P2|hours",
        default="all",
        help=_(
            "who shares it: all (everyone at the night, the default), players' names "
            "separated by commas, or hours (by the time each played in the cash game)"
        ),
    )
    expense.add_argument("--event", metavar="EVENT", help=_("the night it belongs to"))
    expense.add_argument("--note", metavar="TEXT", default="", help=_("what it was for"))
    settle = add_db(
        commands.add_parser("settle", help=_("the fewest payments that clear the balances"))
    )
    settle.add_argument("--event", metavar="EVENT", help=_("only this night's open balances"))
    settle.add_argument("--csv", action="store_true", help=_("print CSV"))


def port_number(text: str) -> int:
    """A port as typed after ``--port``: a whole number from 1 to 65535."""
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(
            _("“{value}” is not a port (a number from 1 to 65535)").format(value=text)
        )
    return int(text)


def add_league_commands(
    commands: argparse._SubParsersAction,  # type: ignore[type-arg]
    add_db: Callable[[argparse.ArgumentParser], argparse.ArgumentParser],
) -> None:
    """``leagues``, ``league ...`` and ``import ...``."""
    add_db(commands.add_parser("leagues", help=_("list the leagues, one per line")))
    league = commands.add_parser("league", help=_("league standings, seasons and history"))
    actions = league.add_subparsers(dest="league_command", metavar="ACTION", required=True)
    standings = add_db(actions.add_parser("standings", help=_("a season's standings")))
    standings.add_argument("league", metavar="LEAGUE", help=_("the league's number or name"))
    standings.add_argument("--season", default=None, metavar="SEASON", help=_("the season"))
    shape = standings.add_mutually_exclusive_group()
    shape.add_argument("--json", action="store_true", help=_("print a JSON document"))
    shape.add_argument("--csv", action="store_true", help=_("print CSV"))
    standings.add_argument("--out", type=Path, metavar="FILE.csv", help=_("write a CSV file"))
    create = add_db(actions.add_parser("create", help=_("create a league")))
    create.add_argument("name", metavar="NAME")
    create.add_argument(
        "--formula",
        choices=("table", "field", "expression"),
        default="field",
        help=_("how places turn into points"),
    )
    create.add_argument(
        "--table", default="", metavar="POINTS", help=_("points by place, separated by commas")
    )
    create.add_argument(
        "--expression",
        default="",
        metavar="TEXT",
        help=_("points over entrants, place, buyin, paid, knockouts, prize"),
    )
    for option, text in (
        ("--participation", _("points for playing")),
        ("--knockout", _("points for each knock-out")),
        ("--bubble", _("points for the first player out of the money")),
    ):
        create.add_argument(option, default="0", metavar="POINTS", help=text)
    create.add_argument(
        "--best-of", type=int, default=0, metavar="N", help=_("count only the best N events")
    )
    create.add_argument(
        "--tie-break",
        choices=("shared", "wins", "best_place", "net"),
        default="wins",
        help=_("how equal points are ordered"),
    )
    rules = add_db(
        actions.add_parser("rules", help=_("set who is ranked, the final's line and stacks"))
    )
    rules.add_argument("league", metavar="LEAGUE", help=_("the league's number or name"))
    for option, text in (
        ("--min-events", _("events needed to be ranked")),
        ("--qualify-top", _("the final takes the players down to this rank")),
        ("--qualify-events", _("the final takes the players with this many events")),
        ("--bonus-base", _("the final's starting stack before the bonus")),
        ("--bonus-per-point", _("chips added for each season point")),
        ("--bonus-cap", _("the most bonus chips")),
    ):
        rules.add_argument(option, type=int, default=None, metavar="N", help=text)
    guest = add_db(actions.add_parser("guest", help=_("make a roster player a league's guest")))
    guest.add_argument("league", metavar="LEAGUE", help=_("the league's number or name"))
    guest.add_argument("player", metavar="PLAYER", help=_("the player's name"))
    guest.add_argument("--off", action="store_true", help=_("a member again"))
    season = add_db(actions.add_parser("season", help=_("add a season to a league")))
    season.add_argument("league", metavar="LEAGUE", help=_("the league's number or name"))
    season.add_argument("name", metavar="NAME")
    season.add_argument("--start", default="", metavar="YYYY-MM-DD")
    season.add_argument("--end", default="", metavar="YYYY-MM-DD")
    choose = add_db(actions.add_parser("count", help=_("count an event in a season, or not")))
    choose.add_argument("league", metavar="LEAGUE", help=_("the league's number or name"))
    choose.add_argument("season", metavar="SEASON")
    choose.add_argument("event", metavar="EVENT", help=_("the event's number or exact name"))
    choose.add_argument("--exclude", action="store_true", help=_("never count it"))
    choose.add_argument("--reset", action="store_true", help=_("let its date decide"))
    final = add_db(
        actions.add_parser(
            "final", help=_("create the season final's event with the qualifiers' stacks")
        )
    )
    final.add_argument("--league", required=True, metavar="LEAGUE", help=_("the league"))
    final.add_argument("--season", default=None, metavar="SEASON", help=_("the season"))
    final.add_argument("--name", required=True, metavar="NAME", help=_("the final's name"))
    final.add_argument("--date", default="", metavar="YYYY-MM-DD", help=_("the final's date"))
    final.add_argument(
        "--dry-run", action="store_true", help=_("show the qualifiers and stacks only")
    )
    history = add_db(actions.add_parser("history", help=_("a player's events and results")))
    history.add_argument("player", metavar="PLAYER", help=_("the player's name"))
    history.add_argument("--csv", action="store_true", help=_("print CSV"))
    imports = commands.add_parser("import", help=_("import players or past results from CSV"))
    kinds = imports.add_subparsers(dest="import_command", metavar="WHAT", required=True)
    players = add_db(kinds.add_parser("players", help=_("players: name, nickname, email, phone")))
    players.add_argument("file", type=Path, metavar="FILE.csv")
    players.add_argument("--dry-run", action="store_true", help=_("show what would be imported"))
    results = add_db(
        kinds.add_parser(
            "results", help=_("past results: date, event, player, place, prize, bounties")
        )
    )
    results.add_argument("file", type=Path, metavar="FILE.csv")
    results.add_argument("--league", required=True, metavar="LEAGUE")
    results.add_argument("--dry-run", action="store_true", help=_("show what would be imported"))
    add_db(kinds.add_parser("undo", help=_("take back the last import")))


def database_target(text: str) -> Path | str:
    """What ``--db`` names: a PostgreSQL URL as typed, else a file's path."""
    from director.persistence.db import database_target as target

    return target(text)


def database_file(target: Path | str) -> Path | None:
    """The database's file, None for a database on a server."""
    return target if isinstance(target, Path) else None


def open_read_only(path: Path | str) -> Database:
    from director.persistence.db import open_database

    return open_database(path, create=False, readonly=True)


def find_event(database: Database, reference: str) -> int:
    """An event's id from its number or its exact (case-insensitive) name."""
    from director.app.storage.library import Library

    events = Library(database).events()
    # Only 0-9: str.isdigit() also accepts "¹" or "٣", which int() then refuses.
    if reference.isascii() and reference.isdigit():
        for summary in events:
            if summary.id == int(reference):
                return summary.id
    matches = [s.id for s in events if s.name.casefold() == reference.strip().casefold()]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise StoreError("event_ambiguous", event=reference)
    raise StoreError("event_unknown", event=reference)


def command_events(args: argparse.Namespace) -> int:
    from director.app.storage.library import Library

    database = open_read_only(args.db)
    try:
        for summary in Library(database).events():
            if summary.damaged:
                kind, status = "?", _("damaged")
            else:
                kind = summary.kind.value
                status = _("archived") if summary.archived else summary.status.value
            print(f"{summary.id}\t{kind}\t{one_line(summary.name)}\t{status}")
    finally:
        database.close()
    return 0


def command_delete(args: argparse.Namespace) -> int:
    """``director delete EVENT``: refused (exit 2, naming who owes or is owed what)
    while the night's money is not settled; else a backup, then the event goes."""
    from director.app.storage.library import Library
    from director.persistence.db import open_database

    database = open_database(args.db, create=False)
    try:
        library = Library(database)
        event = find_event(database, args.event)
        name = library.get(event).name
        backup = library.delete(event)
    finally:
        database.close()
    print(
        one_line(
            _("Deleted “{name}”; the backup made first: {backup}").format(
                name=name, backup=display_path(backup)
            )
        )
    )
    return 0


def command_status(args: argparse.Namespace) -> int:
    from director.app.night.session import TournamentSession
    from director.app.night.status import status_document

    database = open_read_only(args.db)
    try:
        session = TournamentSession(database, find_event(database, args.event), reading=True)
        document = status_document(session)
    finally:
        database.close()
    say_notices(session.notices)
    if args.json:
        print(json_for_terminal(document))
    else:
        for key, value in document.items():
            if not isinstance(value, (dict, list)):
                print(f"{key}: {one_line(str(value))}")
    return 0


def command_summary(args: argparse.Namespace) -> int:
    from director.app.night.session import TournamentSession
    from director.app.views.summary import night_summary

    database = open_read_only(args.db)
    try:
        session = TournamentSession(database, find_event(database, args.event), reading=True)
        text = night_summary(session.state)
    finally:
        database.close()
    say_notices(session.notices)
    for line in text.splitlines():
        print(one_line(line))
    return 0


_UNSAFE_IN_JSON = re.compile("[\x7f-\x9f\ud800-\udfff\u2028\u2029]")


def json_for_terminal(document: object) -> str:
    """``document`` as JSON in which nothing can act on a terminal: C0 controls are
    escaped by ``json`` itself, C1 controls and lone surrogates here."""
    text = json.dumps(document, ensure_ascii=False, indent=2)
    return _UNSAFE_IN_JSON.sub(lambda match: f"\\u{ord(match[0]):04x}", text)


def say_notices(notices: Sequence[Message]) -> None:
    """What opening an event worked around, once, on stderr."""
    for notice in notices:
        print(f"director: {one_line(render(notice))}", file=sys.stderr)


def command_report(args: argparse.Namespace) -> int:
    from director import reports
    from director.app.files.outputs import check_output, write_output
    from director.app.night.session import TournamentSession
    from director.reports.options import RenderOptions

    if args.kind in ("league", "player", "lifetime"):
        return command_league_report(args)
    if args.kind in ("balances", "settle"):
        return command_club_report(args)
    if args.kind == "html":
        return command_html_report(args)
    if args.kind == "png":
        return command_png_report(args)
    if args.kind == "door":
        return command_door_report(args)
    if args.kind not in reports.KINDS:
        raise RuleViolation("unknown_report", kind=args.kind, kinds=", ".join(reports.KINDS))
    if args.event is None:
        raise CliError(_("report {kind} needs the EVENT").format(kind=args.kind))
    check_output(args.out, database_file(args.db))  # before any work: never over the database
    database = open_read_only(args.db)
    try:
        event = find_event(database, args.event)
        session = TournamentSession(database, event, reading=True)
        paper = args.paper or args.settings.paper
        expenses = []
        if args.kind == "ledger":  # the night's shared expenses, from the club's journal
            from director.app.club.balances import ClubBook, night_expenses

            expenses = night_expenses(ClubBook(database), event)
        pdf = reports.render(
            args.kind,
            session.state,
            session.now(),
            RenderOptions(paper=paper),
            expenses=expenses,
        )
    finally:
        database.close()
    say_notices(session.notices)
    written = write_output(args.out, pdf, database_file(args.db))
    print(display_path(written))
    return 0


def command_demo(args: argparse.Namespace) -> int:
    from director.app.night.demo import create_demo
    from director.persistence.db import open_database

    database = open_database(args.db)
    try:
        session = create_demo(database)
        print(
            _("Created the demo event {id}: {name}").format(
                id=session.tournament_id, name=session.state.name
            )
        )
        session.close()
    finally:
        database.close()
    return 0


def _points(text: str, option: str) -> int:
    """Points as typed ("12", "12.5") -> hundredths."""
    from decimal import Decimal, InvalidOperation

    try:
        value = Decimal(text.strip().replace(",", "."))
    except InvalidOperation:
        raise CliError(
            _("{option}: “{value}” is not a number of points").format(option=option, value=text)
        ) from None
    hundredths = value * 100
    if hundredths != hundredths.to_integral_value() or value < 0:
        raise CliError(
            _("{option}: “{value}” is not a number of points").format(option=option, value=text)
        )
    return int(hundredths)


def command_leagues(args: argparse.Namespace) -> int:
    from director.app.club.leagues import Leagues

    database = open_read_only(args.db)
    try:
        leagues = Leagues(database)
        for league in leagues.all():
            seasons = ", ".join(season.name for season in leagues.seasons(league.id))
            print(f"{league.id}\t{one_line(league.name)}\t{league.rule.kind}\t{one_line(seasons)}")
    finally:
        database.close()
    return 0


def _delimiter() -> str:
    from director.app.files.csv_io import delimiter_for
    from director.i18n import language

    return delimiter_for(language())


def _print_csv(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    from director.app.files.csv_io import write_rows

    write_rows(sys.stdout, header, rows, delimiter=_delimiter(), lineterminator="\n")


def command_league(args: argparse.Namespace) -> int:
    from director.app.club.leagues import Leagues
    from director.persistence.db import open_database

    action = args.league_command
    reading = action in ("standings", "history")
    database = open_read_only(args.db) if reading else open_database(args.db, create=False)
    try:
        leagues = Leagues(database)
        if action == "standings":
            return _standings(args, leagues)
        if action == "history":
            return _history(args, leagues)
        if action == "create":
            from director.core.leagues import PointsRule

            table = tuple(
                _points(part, "--table") for part in args.table.split(",") if part.strip()
            )
            rule = PointsRule(
                kind=args.formula,
                table=table,
                expression=args.expression,
                participation=_points(args.participation, "--participation"),
                knockout=_points(args.knockout, "--knockout"),
                bubble=_points(args.bubble, "--bubble"),
                best_of=args.best_of,
                tie_break=args.tie_break,
            )
            league = leagues.create(args.name, rule)
            print(_("Created the league {id}: {name}").format(id=league.id, name=league.name))
        elif action == "rules":
            import dataclasses

            league = leagues.get(args.league)
            changes = {
                name: getattr(args, name)
                for name in (
                    "min_events",
                    "qualify_top",
                    "qualify_events",
                    "bonus_base",
                    "bonus_per_point",
                    "bonus_cap",
                )
                if getattr(args, name) is not None
            }
            leagues.set_rule(league.id, dataclasses.replace(league.rule, **changes))
        elif action == "guest":
            league = leagues.get(args.league)
            leagues.set_guest(league.id, find_player(leagues, args.player), not args.off)
        elif action == "season":
            league = leagues.get(args.league)
            season = leagues.add_season(league.id, args.name, args.start, args.end)
            print(_("Added the season {id}: {name}").format(id=season.id, name=season.name))
        elif action == "count":
            league = leagues.get(args.league)
            chosen = leagues.season(league.id, args.season)
            assert chosen is not None
            event = find_event(database, args.event)
            leagues.choose_event(chosen.id, event, None if args.reset else not args.exclude)
        elif action == "final":
            return _season_final(args, leagues)
    finally:
        database.close()
    return 0


def _season_final(args: argparse.Namespace, leagues: Leagues) -> int:
    """``league final``: the qualifiers and their stacks, then the final's event."""
    from director.app.club.leagues import check_date
    from director.app.club.season_final import create_final, final_seats
    from director.app.storage.library import Library
    from director.core.leagues import points_text
    from director.i18n import format_number

    table = leagues.table(args.league, args.season)
    date = check_date(args.date)
    seats = final_seats(table)
    if not args.dry_run:
        session, seats = create_final(
            Library(leagues.database), leagues, table, args.name, event_date=date
        )
        session.close()
    for seat in seats:
        print(
            f"{seat.rank}\t{one_line(seat.name)}\t{points_text(seat.points)}\t"
            f"{format_number(seat.stack)}"
        )
    if not args.dry_run:
        print(
            _("Created the final {id}: {name}, {count} players registered").format(
                id=session.tournament_id, name=one_line(args.name), count=len(seats)
            )
        )
    return 0


def standings_document(table: object) -> dict[str, object]:
    from director.app.club.leagues import SeasonTable
    from director.core.leagues import points_text

    assert isinstance(table, SeasonTable)
    return {
        "league": table.league.name,
        "season": table.season.name if table.season else None,
        "events": len(table.events),
        "pot": table.pot,
        "standings": [
            {
                "rank": row.rank,
                "player": row.name,
                "player_id": int(row.player),
                "points": points_text(row.points),
                "played": row.played,
                "counted": row.counted,
                "wins": row.wins,
                "final_tables": row.final_tables,
                "cashes": row.cashes,
                "knockouts": row.knockouts,
                "money_in": row.money_in,
                "money_out": row.money_out,
                "net": row.net,
                "ranked": row.ranked,
                "guest": row.guest,
                "qualified": row.qualified,
                "final_stack": row.final_stack,
            }
            for row in table.rows
        ],
    }


def _standings(args: argparse.Namespace, leagues: object) -> int:
    from director.app.club.leagues import Leagues
    from director.app.files.csv_io import write_table
    from director.reports.league_cells import standing_cells, standing_header

    assert isinstance(leagues, Leagues)
    table = leagues.table(args.league, args.season)
    header = standing_header()
    rows = [standing_cells(row) for row in table.rows]
    if args.out is not None:
        from director.app.files.outputs import check_output

        check_output(args.out, args.db)
        write_table(args.out, header, rows, delimiter=_delimiter())
        print(display_path(args.out))
    elif args.json:
        print(json_for_terminal(standings_document(table)))
    elif args.csv:
        _print_csv(header, rows)
    else:
        for row in rows:
            print("\t".join(one_line(cell) for cell in row))
    return 0


def _history(args: argparse.Namespace, leagues: object) -> int:
    from director.app.club.leagues import Leagues
    from director.reports.league_cells import history_cells, history_header

    assert isinstance(leagues, Leagues)
    player = find_player(leagues, args.player)
    lines = leagues.history(player)
    rows = [history_cells(line) for line in lines]
    if args.csv:
        _print_csv(history_header(), rows)
    else:
        for row in rows:
            print("\t".join(one_line(cell) for cell in row))
    return 0


def find_player(leagues: object, name: str) -> PlayerId:
    from director.app.club.leagues import Leagues
    from director.app.club.names import fold
    from director.persistence import league_store

    assert isinstance(leagues, Leagues)
    with leagues.database.read() as connection:
        found = league_store.rows(connection, "SELECT id, name, merged_into FROM player")
    for player_id, player_name, merged in found:
        if fold(player_name) == fold(name) or str(player_id) == name.strip():
            return PlayerId(merged or player_id)
    raise RuleViolation("player_unknown", player=name)


def command_import(args: argparse.Namespace) -> int:
    from director.app.club.leagues import Leagues, imported_text, nothing_new_text, undone_text
    from director.app.club.roster import Roster
    from director.app.files import csv_io
    from director.persistence.db import open_database

    database = open_database(args.db, create=False)
    try:
        leagues = Leagues(database)
        if args.import_command == "undo":
            print(undone_text(leagues.undo_import()))
        elif args.import_command == "players":
            preview = csv_io.preview_players(args.file, Roster(database))
            print(csv_io.columns_text(preview))
            for row, name in preview.already:
                print(
                    _("Row {row}: {name} is already in the roster; left out.").format(
                        row=row, name=name
                    ),
                    file=sys.stderr,
                )
            for name, nickname, contact in preview.new:
                print("\t".join(one_line(text) for text in (name, nickname, contact)))
            if not preview.new:
                print(nothing_new_text("players"))
            elif not args.dry_run:
                leagues.import_players(preview.new)
                print(imported_text("players", len(preview.new)))
        else:
            league = leagues.get(args.league)
            events = csv_io.read_results(args.file)
            for event in events:
                print(f"{event.date}\t{one_line(event.name)}\t{len(event.lines)}")
            unpaid = csv_io.without_money_in(events)
            if unpaid:
                print(csv_io.without_money_in_text(len(unpaid)), file=sys.stderr)
            if not events:
                print(nothing_new_text("results"))
            elif not args.dry_run:
                leagues.import_results(league.id, events)
                print(imported_text("results", len(events)))
    finally:
        database.close()
    return 0


def command_html_report(args: argparse.Namespace) -> int:
    """A night's results page (EVENT), or a season's (--league L [--season S])."""
    from director.app.files.outputs import check_output, write_output
    from director.app.night.session import TournamentSession
    from director.reports.html_page import night_html, season_html

    if (args.event is None) == (args.league is None):
        raise CliError(_("report html needs the EVENT or --league LEAGUE"))
    check_output(args.out, database_file(args.db))  # before any work: never over the database
    database = open_read_only(args.db)
    try:
        if args.league is not None:
            from director.app.club.leagues import Leagues
            from director.app.views.charts import season_race

            leagues = Leagues(database)
            table = leagues.table(args.league, args.season)
            page = season_html(table, season_race(leagues, table))
        else:
            session = TournamentSession(database, find_event(database, args.event), reading=True)
            page = night_html(session.state)
    finally:
        database.close()
    written = write_output(args.out, page.encode("utf-8"), database_file(args.db))
    print(display_path(written))
    return 0


def command_png_report(args: argparse.Namespace) -> int:
    """A night's standings, or a season's top of the table, as a picture for a chat message."""
    from director.app.files.outputs import check_output, write_output
    from director.app.night.session import TournamentSession

    if (args.event is None) == (args.league is None):
        raise CliError(_("report png needs the EVENT or --league LEAGUE"))
    check_output(args.out, database_file(args.db))  # before any work: never over the database
    database = open_read_only(args.db)
    try:
        if args.league is not None:
            from director.app.club.leagues import Leagues

            table = Leagues(database).table(args.league, args.season)
        else:
            session = TournamentSession(database, find_event(database, args.event), reading=True)
            state = session.state
    finally:
        database.close()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # no window: none needed
    from PySide6.QtGui import QGuiApplication

    from director.gui.results_picture import night_picture, png_bytes, season_picture

    application = QGuiApplication.instance() or QGuiApplication([])
    picture = season_picture(table) if args.league is not None else night_picture(state)
    data = png_bytes(picture)
    del application
    written = write_output(args.out, data, database_file(args.db))
    print(display_path(written))
    return 0


def door_page_url(settings: Settings) -> str:
    """The check-in page's address on the local network: the network page's address and
    port in the settings (this machine's first local address when none is chosen)."""
    from director.web.addresses import local_addresses, page_url

    host = settings.share_address
    if not host or host in ("0.0.0.0", "::"):
        lan = [item.ip for item in local_addresses() if not item.loopback]
        host = lan[0] if lan else "127.0.0.1"
    return f"{page_url(host, settings.share_port)}door"


def command_door_report(args: argparse.Namespace) -> int:
    """The door's sign: the check-in page's QR code and short instructions (EN/FR)."""
    from director.app.files.outputs import check_output, write_output
    from director.app.night.session import TournamentSession
    from director.reports.door_sign import door_sign
    from director.reports.options import RenderOptions

    if args.event is None:
        raise CliError(_("report {kind} needs the EVENT").format(kind=args.kind))
    url = args.url if args.url is not None else door_page_url(args.settings)
    if not url.startswith(("http://", "https://")) or any(ch.isspace() for ch in url):
        raise CliError(_("--url: expected an address such as http://192.168.1.20:8765/door"))
    check_output(args.out, database_file(args.db))  # before any work: never over the database
    database = open_read_only(args.db)
    try:
        session = TournamentSession(database, find_event(database, args.event), reading=True)
        paper = args.paper or args.settings.paper
        pdf = door_sign(session.state, session.now(), url, RenderOptions(paper=paper))
    finally:
        database.close()
    written = write_output(args.out, pdf, database_file(args.db))
    print(display_path(written))
    return 0


def command_league_report(args: argparse.Namespace) -> int:
    from director.app.club.leagues import Leagues
    from director.app.files.outputs import check_output, write_output
    from director.app.night.timesource import wall_clock
    from director.reports.league import history_pdf, league_pdf
    from director.reports.options import RenderOptions

    if args.kind != "lifetime" and args.event is None:
        what = _("the LEAGUE") if args.kind == "league" else _("the PLAYER")
        raise CliError(_("report {kind} needs {what}").format(kind=args.kind, what=what))
    check_output(args.out, args.db)
    options = RenderOptions(paper=args.paper or args.settings.paper)
    database = open_read_only(args.db)
    try:
        leagues = Leagues(database)
        if args.kind == "lifetime":
            from director.app.club.lifetime import lifetime_results
            from director.reports.lifetime import lifetime_pdf

            pdf = lifetime_pdf(lifetime_results(database), wall_clock(), options)
        elif args.kind == "league":
            from director.app.views.charts import season_race

            table = leagues.table(args.event, args.season)
            pdf = league_pdf(table, wall_clock(), options, season_race(leagues, table))
        else:
            from director.app.club.lifetime import player_lifetime

            player = find_player(leagues, args.event)
            name = dict(leagues.merges()[1]).get(player, args.event)
            pdf = history_pdf(
                name,
                leagues.history(player),
                wall_clock(),
                options,
                player_lifetime(database, player),
            )
    finally:
        database.close()
    written = write_output(args.out, pdf, args.db)
    print(display_path(written))
    return 0


def command_lifetime(args: argparse.Namespace) -> int:
    """Every player's lifetime results: a line each (tab-separated), CSV on the
    standard output with ``--csv``, or a CSV file with ``--out``."""
    from director.app.club.lifetime import lifetime_results
    from director.app.files.csv_io import write_table
    from director.reports.lifetime_cells import lifetime_cells, lifetime_header

    if args.out is not None:
        from director.app.files.outputs import check_output

        check_output(args.out, args.db)
    database = open_read_only(args.db)
    try:
        lines = lifetime_results(database)
    finally:
        database.close()
    header = lifetime_header()
    rows = [lifetime_cells(line) for line in lines]
    if args.out is not None:
        write_table(args.out, header, rows, delimiter=_delimiter())
        print(display_path(args.out))
    elif args.csv:
        _print_csv(header, rows)
    else:
        for row in rows:
            print("\t".join(one_line(cell) for cell in row))
    return 0


def command_export(args: argparse.Namespace) -> int:
    from director.app.files.csv_io import write_table
    from director.app.night.session import TournamentSession
    from director.reports.table_cells import event_table

    if args.table == "results":
        return _export_results(args)
    if args.event is None and args.table != "ledger":
        raise CliError(_("export {table} needs the EVENT").format(table=args.table))
    if args.league is not None or args.season is not None:
        raise CliError(_("--league and --season are for export results"))
    if args.out is not None:
        from director.app.files.outputs import check_output

        check_output(args.out, args.db)
    database = open_read_only(args.db)
    notices: Sequence[Message] = ()
    try:
        event = None if args.event is None else find_event(database, args.event)
        expenses: list[NightExpense] = []
        if args.table == "ledger":  # the shared expenses, from the club's journal
            from director.app.club.balances import ClubBook, night_expenses

            expenses = night_expenses(ClubBook(database), event)
        if event is None:  # the club's ledger: every shared expense standing
            from director.reports.table_cells import expense_table

            header, rows = expense_table(expenses)
        else:
            session = TournamentSession(database, event, reading=True)
            notices = session.notices
            header, rows = event_table(args.table, session.state, session.now(), expenses)
    finally:
        database.close()
    say_notices(notices)
    if args.out is None:
        _print_csv(header, rows)
    else:
        write_table(args.out, header, rows, delimiter=_delimiter())
        print(display_path(args.out))
    return 0


def _export_results(args: argparse.Namespace) -> int:
    """A league's results (its season's, with ``--season``) as the results import
    reads them: ``director import results`` into another database gives the same
    standings."""
    from director.app.club.leagues import Leagues
    from director.app.files.csv_io import result_header, result_rows, write_table
    from director.i18n import language

    if args.league is None:
        raise CliError(_("export results needs --league LEAGUE"))
    if args.event is not None:
        raise CliError(_("export results takes no EVENT (it writes a league's events)"))
    if args.out is not None:
        from director.app.files.outputs import check_output

        check_output(args.out, args.db)
    database = open_read_only(args.db)
    try:
        leagues = Leagues(database)
        table = leagues.table(args.league, args.season)
        same, names = leagues.merges()
        rows = result_rows(table.events, names=names, same=same)
    finally:
        database.close()
    header = result_header(language())
    if args.out is None:
        _print_csv(header, rows)
    else:
        write_table(args.out, header, rows, delimiter=_delimiter())
        print(display_path(args.out))
    return 0


def command_copy(args: argparse.Namespace) -> int:
    from director.app.storage.transfer import copy_club

    result = copy_club(args.source, args.target)
    print(
        _(
            "Copied {events} events ({entries} log entries, {players} roster players, "
            "{assets} pictures and sounds); the copy was checked by replaying every event "
            "and each picture and sound against its name."
        ).format(
            events=result.rows.get("tournament", 0),
            entries=result.rows.get("entry", 0),
            players=result.rows.get("player", 0),
            assets=result.rows.get("tv_asset", 0),
        )
    )
    for name in result.damaged_assets:
        say_damaged_asset(name, args.source)
    return 0


def say_damaged_asset(name: str, where: Path | str) -> None:
    """One line on stderr naming a picture or sound whose bytes no longer match its name."""
    from director.persistence.db import location_of

    problem = RuleViolation("asset_damaged_in_database", name=name[:12], where=location_of(where))
    print(f"director: {one_line(describe_error(problem))}", file=sys.stderr)


def command_assets(args: argparse.Namespace) -> int:
    """The TV's pictures and sounds in the database: one line each (name, kind, size,
    whether its bytes match its name, whether a look uses it); ``--remove-unused``
    removes those no look uses. Exit status 1 when one is damaged."""
    from director.app.tv.tv_assets import MAX_TOTAL_BYTES, AssetStore
    from director.i18n import format_size
    from director.persistence.db import open_database

    keep = args.settings.tv_look.assets()
    if args.remove_unused:
        database = open_database(args.db, create=False)
        try:
            removed = AssetStore.of(database).remove_unused(keep)
        finally:
            database.close()
        print(
            _("Removed {count} pictures and sounds no look uses ({size}).").format(
                count=len(removed), size=format_size(sum(asset.size for asset in removed))
            )
        )
        return 0
    database = open_read_only(args.db)
    try:
        store = AssetStore.of(database)
        listed = store.listing()
        unused = {asset.name for asset in store.unused(keep)}
        damaged = set(store.damaged())
    finally:
        database.close()
    for asset in listed:
        state = _("damaged") if asset.name in damaged else _("intact")
        use = _("unused") if asset.name in unused else _("used")
        print(f"{asset.name}\t{asset.kind}\t{asset.size}\t{state}\t{use}")
    print(
        _("{count} pictures and sounds, {size} of {maximum}; {unused} used by no look.").format(
            count=len(listed),
            size=format_size(sum(asset.size for asset in listed)),
            maximum=format_size(MAX_TOTAL_BYTES),
            unused=len(unused),
        )
    )
    for name in sorted(damaged):
        say_damaged_asset(name, args.db)
    return 1 if damaged else 0


def command_serve(args: argparse.Namespace) -> int:
    from director.app.phones.serving import FollowedEvent, event_to_follow, open_followed
    from director.web.addresses import is_local, local_addresses, parse_host
    from director.web.server import ServeError

    host = args.host.strip()
    if parse_host(host) is None or not is_local(host):
        raise CliError(
            describe_error(
                ServeError(
                    "serve_bad_address",
                    address=host,
                    addresses=", ".join(item.ip for item in local_addresses()),
                )
            )
        )
    if host in ("0.0.0.0", "::"):
        print(
            "director: "
            + _("serving on every address of this machine (--host {address}).").format(
                address=host
            ),
            file=sys.stderr,
        )
    upgrade_before_serving(args.db, upgrade=args.upgrade)
    database = open_followed(args.db)
    try:
        event = find_event(database, args.event) if args.event else event_to_follow(database)
        followed = FollowedEvent(args.db, database, event)
    except BaseException:
        database.close()
        raise
    say_notices(followed.session.notices)
    from director.web.serve import serve

    try:
        return serve(
            args.db,
            followed,
            host,
            args.port,
            pair=args.pair,
            dealers=args.dealers,
            door=args.door,
        )
    except ServeError as error:
        raise CliError(describe_error(error)) from None


def upgrade_before_serving(target: Path | str, *, upgrade: bool) -> None:
    """A database written by an older version is upgraded (``--upgrade``) or refused
    naming ``director upgrade``: serving writes the phones' commands to it."""
    from director.app.storage.upgrade import needs_upgrade

    if not needs_upgrade(target):
        return
    if not upgrade:
        from director.persistence.db import location_of

        raise StoreError("db_older_serve", path=location_of(target))
    say_upgrade(run_upgrade(target))


def run_upgrade(target: Path | str) -> UpgradeResult:
    from director.app.storage.upgrade import upgrade

    return upgrade(target)


def say_upgrade(result: UpgradeResult) -> None:
    """What ``director upgrade`` did, in one or two lines."""
    if not result.upgraded:
        print(
            _("{path} is already up to date (schema {revision}); nothing was written.").format(
                path=result.location, revision=result.after
            )
        )
        return
    print(
        _(
            "{path} was upgraded from schema {before} to {after}; {events} events were "
            "replayed from their logs and checked."
        ).format(
            path=result.location, before=result.before, after=result.after, events=result.events
        )
    )
    if result.backup is not None:
        print(_("Backup: {path}").format(path=display_path(result.backup)))


def command_upgrade(args: argparse.Namespace) -> int:
    say_upgrade(run_upgrade(args.db))
    return 0


def _club_party(leagues: object, name: str) -> PlayerId:
    """A party of a payment as typed: a player's name (or number), or the club."""
    from director.core.club import CLUB

    if name.strip().casefold() in ("club", _("club").casefold()):
        return CLUB
    return find_player(leagues, name)


def _amount(text: str) -> int:
    from director.i18n import parse_money

    try:
        return parse_money(text)
    except ValueError:
        raise RuleViolation("not_money", value=text) from None


def command_balances(args: argparse.Namespace) -> int:
    from director.app.club.balances import ClubBook, balance_cells, balance_header

    database = open_read_only(args.db)
    try:
        found = ClubBook(database).balances()
    finally:
        database.close()
    rows = [balance_cells(player) for player in found.players]
    if args.csv:
        _print_csv(balance_header(), rows)
    else:
        for row in rows:
            print("\t".join(one_line(cell) for cell in row))
    return 0


def command_pay(args: argparse.Namespace) -> int:
    from director.app.club.balances import ClubBook, entry_text
    from director.app.club.leagues import Leagues
    from director.core.club import CLUB
    from director.persistence.db import open_database

    amount = _amount(args.amount)
    database = open_database(args.db, create=False)
    try:
        leagues = Leagues(database)
        payer = _club_party(leagues, args.player)
        payee = _club_party(leagues, args.to) if args.to else CLUB
        book = ClubBook(database)
        entry = book.pay(payer, amount, payee=payee, method=args.method, date=args.date)
        print(one_line(entry_text(entry, book.balances())))
    finally:
        database.close()
    return 0


def command_write_off(args: argparse.Namespace) -> int:
    from director.app.club.balances import ClubBook, entry_text
    from director.app.club.leagues import Leagues
    from director.persistence.db import open_database

    amount = _amount(args.amount) if args.amount else 0
    database = open_database(args.db, create=False)
    try:
        player = find_player(Leagues(database), args.player)
        book = ClubBook(database)
        entry = book.write_off(player, amount)
        print(one_line(entry_text(entry, book.balances())))
    finally:
        database.close()
    return 0


def command_expense(args: argparse.Namespace) -> int:
    from director.app.club.balances import SPLIT_ALL, SPLIT_HOURS, ClubBook, entry_text
    from director.app.club.leagues import Leagues
    from director.persistence.db import open_database

    amount = _amount(args.amount)
    database = open_database(args.db, create=False)
    try:
        leagues = Leagues(database)
        payer = find_player(leagues, args.paid_by)
        event = find_event(database, args.event) if args.event else None
        how = args.split.strip()
        split: str | list[PlayerId]
        if how.casefold() in (SPLIT_ALL, _("all")):
            split = SPLIT_ALL
        elif how.casefold() in (SPLIT_HOURS, _("hours")):
            split = SPLIT_HOURS
        else:
            names = [name.strip() for name in how.split(",") if name.strip()]
            if not names:
                raise RuleViolation("expense_split_unknown", split=args.split)
            split = [find_player(leagues, name) for name in names]
        book = ClubBook(database)
        entry = book.expense(payer, amount, split=split, event=event, note=args.note)
        print(one_line(entry_text(entry, book.balances())))
    finally:
        database.close()
    return 0


def command_settle(args: argparse.Namespace) -> int:
    from director.app.club.balances import ClubBook, settle_rows, settle_text, settled_expenses

    database = open_read_only(args.db)
    try:
        event = find_event(database, args.event) if args.event else None
        book = ClubBook(database)
        found = book.balances()
        payments = book.settle(event, found)
    finally:
        database.close()
    if args.csv:
        rows = settle_rows(payments, found)
        _print_csv(rows[0], rows[1:])
        return 0
    for line in settle_text(payments, found, expenses=settled_expenses(found, event)).splitlines():
        print(one_line(line))
    return 0


def command_club_report(args: argparse.Namespace) -> int:
    """``director report balances all`` (every open balance and the payments that
    settle them) and ``report settle all|EVENT`` (the payments, all or one night's)."""
    from director.app.club.balances import ClubBook
    from director.app.files.outputs import check_output, write_output
    from director.app.night.timesource import wall_clock
    from director.reports.club import club_pdf
    from director.reports.options import RenderOptions

    check_output(args.out, database_file(args.db))
    options = RenderOptions(paper=args.paper or args.settings.paper)
    database = open_read_only(args.db)
    try:
        every = args.kind == "balances" or args.event.strip().casefold() in ("all", _("all"))
        event = None if every else find_event(database, args.event)
        book = ClubBook(database)
        found = book.balances()
        payments = book.settle(event, found)
    finally:
        database.close()
    night = "" if event is None else found.title(event) or args.event
    pdf = club_pdf(found, payments, wall_clock(), night=night, event=event, options=options)
    written = write_output(args.out, pdf, database_file(args.db))
    print(display_path(written))
    return 0


HANDLERS = {
    "delete": command_delete,
    "upgrade": command_upgrade,
    "assets": command_assets,
    "serve": command_serve,
    "export": command_export,
    "leagues": command_leagues,
    "league": command_league,
    "import": command_import,
    "copy": command_copy,
    "events": command_events,
    "status": command_status,
    "summary": command_summary,
    "lifetime": command_lifetime,
    "report": command_report,
    "demo": command_demo,
    "balances": command_balances,
    "pay": command_pay,
    "write-off": command_write_off,
    "expense": command_expense,
    "settle": command_settle,
}


def describe_store_error(error: StoreError | RuleViolation, args: argparse.Namespace) -> str:
    """The error as one line; a damaged database names its newest good backup."""
    if isinstance(error, StoreError) and error.code == "db_damaged":
        backup = newest_good_backup_of(args.db, args.settings)
        if backup is not None:
            error = StoreError("db_damaged_backup", **error.args_map, backup=display_path(backup))
    return one_line(describe_error(error))


def newest_good_backup_of(database: Path | str, settings: Settings) -> Path | None:
    from director.app.storage.backups import newest_good_backup

    if not isinstance(database, Path):
        return None  # on a server: no file of ours was damaged

    folder = Path(settings.backup_folder).expanduser() if settings.backup_folder else None
    try:
        found = newest_good_backup(Path(database).expanduser().absolute(), folder)
    except (OSError, StoreError):
        return None
    return None if found is None else found.path


def _stdout_to_devnull() -> None:
    """Point stdout at the null device, so that the flush at exit finds no closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass  # not a real file (a test's capture): nothing will be flushed to a pipe


window_shown = False
"""Whether this process ran the app (its window), not a command of the command line."""


def start_gui(
    database: Path, settings: Settings, notices: Sequence[Message] = (), *, verbose: bool = False
) -> int:
    """Start the desktop app on ``database``; returns its exit status.

    Qt's multimedia chatter stays off stderr unless ``verbose``: the logging rules
    are set here, before Qt loads.
    """
    from director.gui.qt_messages import quiet_environment

    global window_shown
    window_shown = True
    quiet_environment(verbose)
    from director.gui.app import run

    return run(database, settings, notices, verbose=verbose)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    if argv is None:
        argv = sys.argv[1:]
    if list(argv) == ["--version"]:
        # What argparse's version action prints, without reading the settings
        # first: start-up stays at the interpreter's own (no database layer,
        # Babel or platformdirs is imported; tests/cli/test_imports.py).
        print(f"director {__version__}")
        return 0
    from director.app.files.settings import read_settings
    from director.i18n import set_currency

    loaded = read_settings()
    settings = loaded.settings
    set_language(settings.language)
    set_currency(settings.currency)
    if loaded.problem is not None:
        print(f"director: {one_line(render(loaded.problem))}", file=sys.stderr)
    args = parse_arguments(argv)
    args.settings = settings
    if args.command is None:
        return start_gui(
            args.db, settings, [loaded.problem] if loaded.problem else [], verbose=args.verbose
        )
    try:
        status = HANDLERS[args.command](args)
        sys.stdout.flush()  # a closed pipe is found here, not at the interpreter's exit
        return status
    except BrokenPipeError:
        # The reader stopped reading (``director status 1 --json | head -1``): what it
        # wanted it has; nothing to complain about.
        _stdout_to_devnull()
        return 0
    except (StoreError, RuleViolation) as error:
        print(f"director: {describe_store_error(error, args)}", file=sys.stderr)
        return EXIT_USAGE
    except CliError as error:
        print(f"director: {one_line(str(error))}", file=sys.stderr)
        return EXIT_USAGE
