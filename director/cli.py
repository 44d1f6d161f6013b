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
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from director import __version__, paths
from director.core.errors import RuleViolation
from director.core.messages import Message
from director.files import display_path, one_line
from director.i18n import N_, _, describe_error, ngettext, render, set_language
from director.persistence.errors import StoreError

if TYPE_CHECKING:
    from director.app.settings import Settings
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


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        hint = _("see {command} --help").format(command=self.prog)
        self.exit(
            EXIT_USAGE,
            _("%(prog)s: error: %(message)s\n")
            % {"prog": self.prog, "message": f"{message} ({hint})"},
        )


def build_parser() -> argparse.ArgumentParser:
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
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

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
    with_db(
        commands.add_parser(
            "demo", help=_("create a demo event with made-up players, to try everything")
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
        help=_("payouts, standings, ledger, structure, seating or settlement"),
    )
    report.add_argument("event", metavar="EVENT", help=_("the event's number or exact name"))
    report.add_argument(
        "--out", type=Path, required=True, metavar="FILE.pdf", help=_("the PDF file to write")
    )
    report.add_argument(
        "--paper",
        choices=("A4", "Letter"),
        default=None,
        help=_("paper size (default: the setting, A4 unless changed)"),
    )
    return parser


def database_target(text: str) -> Path | str:
    """What ``--db`` names: a PostgreSQL URL as typed, else a file's path."""
    if text.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")):
        return text
    return Path(text)


def database_file(target: Path | str) -> Path | None:
    """The database's file, None for a database on a server."""
    return target if isinstance(target, Path) else None


def open_read_only(path: Path | str) -> Database:
    from director.persistence.db import open_database

    return open_database(path, create=False, readonly=True)


def find_event(database: Database, reference: str) -> int:
    """An event's id from its number or its exact (case-insensitive) name."""
    from director.app.library import Library

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
    from director.app.library import Library

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


def command_status(args: argparse.Namespace) -> int:
    from director.app.session import TournamentSession
    from director.app.status import status_document

    database = open_read_only(args.db)
    try:
        session = TournamentSession(database, find_event(database, args.event))
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
    from director.app.outputs import check_output, write_output
    from director.app.session import TournamentSession
    from director.reports.options import RenderOptions

    if args.kind not in reports.KINDS:
        raise RuleViolation("unknown_report", kind=args.kind, kinds=", ".join(reports.KINDS))
    check_output(args.out, database_file(args.db))  # before any work: never over the database
    database = open_read_only(args.db)
    try:
        session = TournamentSession(database, find_event(database, args.event))
        paper = args.paper or args.settings.paper
        pdf = reports.render(args.kind, session.state, session.now(), RenderOptions(paper=paper))
    finally:
        database.close()
    say_notices(session.notices)
    written = write_output(args.out, pdf, database_file(args.db))
    print(display_path(written))
    return 0


def command_demo(args: argparse.Namespace) -> int:
    from director.app.demo import create_demo
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


def command_copy(args: argparse.Namespace) -> int:
    from director.app.transfer import copy_club

    result = copy_club(args.source, args.target)
    print(
        _(
            "Copied {events} events ({entries} log entries, {players} roster players); "
            "the copy was checked by replaying every event."
        ).format(
            events=result.rows.get("tournament", 0),
            entries=result.rows.get("entry", 0),
            players=result.rows.get("player", 0),
        )
    )
    return 0


HANDLERS = {
    "copy": command_copy,
    "events": command_events,
    "status": command_status,
    "report": command_report,
    "demo": command_demo,
}


def describe_store_error(error: StoreError | RuleViolation, args: argparse.Namespace) -> str:
    """The error as one line; a damaged database names its newest good backup."""
    if isinstance(error, StoreError) and error.code == "db_damaged":
        backup = newest_good_backup_of(args.db, args.settings)
        if backup is not None:
            error = StoreError("db_damaged_backup", **error.args_map, backup=display_path(backup))
    return one_line(describe_error(error))


def newest_good_backup_of(database: Path | str, settings: Settings) -> Path | None:
    from director.app.backups import newest_good_backup

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
    from director.app.settings import read_settings
    from director.i18n import set_currency

    loaded = read_settings()
    settings = loaded.settings
    set_language(settings.language)
    set_currency(settings.currency)
    if loaded.problem is not None:
        print(f"director: {one_line(render(loaded.problem))}", file=sys.stderr)
    parser = build_parser()
    args = parser.parse_args(argv)
    args.settings = settings
    if args.command is None:
        from director.__main__ import start_gui

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
