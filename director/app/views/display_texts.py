"""The display's texts: blinds, antes and betting as a level reads, the break's
note, what the clock announces, a move, the bubble; in the language in force."""

from __future__ import annotations

from director.core import clock as clk
from director.core.chip_race import chips_going
from director.core.ids import PlayerId
from director.core.results import Bubble, prize_amounts
from director.core.seating import Move
from director.core.state import Status, TournamentState
from director.core.structure import AnteKind, Betting, Break, Level, Structure
from director.i18n import _, format_number, ngettext


def blinds_text(level: Level, *, limit: bool = False) -> str:
    """``100 / 200``, or the small and big bets of a limit level (each level says
    its betting; ``limit`` is kept for older callers and changes nothing)."""
    if level.limited:
        return f"{format_number(level.small_bet)} / {format_number(level.big_bet)}"
    return f"{format_number(level.small_blind)} / {format_number(level.big_blind)}"


def betting_text(level: Level, *, mixed: bool = False) -> str:
    """ "Pot limit" for a pot-limit level; "No limit" for a no-limit level of a
    structure that mixes bettings (``mixed``), else ""; a limit level shows its bets."""
    if level.betting is Betting.POT_LIMIT:
        return _("Pot limit")
    if level.betting is Betting.NO_LIMIT and mixed:
        return _("No limit")
    return ""


def betting_name(betting: Betting) -> str:
    """ "No limit", "Pot limit" or "Limit"."""
    if betting is Betting.LIMIT:
        return _("Limit")
    return _("Pot limit") if betting is Betting.POT_LIMIT else _("No limit")


def mixed_betting(structure: Structure) -> bool:
    """Whether the structure's levels are not all played no limit: then every level
    says its betting."""
    return any(level.betting is not Betting.NO_LIMIT for _index, level in structure.levels())


def ante_text(level: Level) -> str:
    if level.ante_kind is AnteKind.EVERY_PLAYER:
        return _("Ante {amount}").format(amount=format_number(level.ante))
    if level.ante_kind is AnteKind.BIG_BLIND:
        return _("Big blind ante {amount}").format(amount=format_number(level.ante))
    return ""


def level_summary(level: Level, *, mixed: bool = False) -> str:
    """A level on one line, with its betting: ``200 / 400 · Ante 50``, ``Pot limit
    100 / 200``, ``Limit 200 / 400 · Blinds 100 / 200`` (the bets, then the blinds
    posted); in a structure that mixes bettings (``mixed``: ``mixed_betting``) a
    no-limit level says so too: ``No limit 200 / 400``. The one formatter of a
    level for the "Next:" line, the next hand and the console's levels list."""
    blinds = blinds_text(level)
    if level.betting is Betting.LIMIT:
        parts = [_("Limit {bets}").format(bets=blinds)]
        if level.limited:
            parts.append(
                _("Blinds {small} / {big}").format(
                    small=format_number(level.small_blind), big=format_number(level.big_blind)
                )
            )
    elif level.betting is Betting.POT_LIMIT:
        parts = [_("Pot limit {blinds}").format(blinds=blinds)]
    elif mixed:
        parts = [_("No limit {blinds}").format(blinds=blinds)]
    else:
        parts = [blinds]
    ante = ante_text(level)
    if ante:
        parts.append(ante)
    return " · ".join(parts)


def note_text(note: str) -> str:
    """A break note, translated when it is one of the notes the app writes itself."""
    return _(note) if note else ""


SENTENCE_ENDS = ".!?…:;"
"""A text ending with one of these needs no full stop before the next sentence."""


def sentences(*texts: str) -> str:
    """``texts`` as one line of sentences: each one not already ending a sentence
    gets a full stop before the next ("Colour up the 25s. Chip race: the 25s go.")."""
    parts = [text.strip() for text in texts if text.strip()]
    return " ".join(
        part if number == len(parts) - 1 or part[-1] in SENTENCE_ENDS else part + "."
        for number, part in enumerate(parts)
    )


def break_note(structure: Structure, index: int) -> str:
    """A break's note, with the chips that leave the table at it (R28)."""
    item = structure.items[index]
    note = note_text(item.note) if isinstance(item, Break) else ""
    going = chips_going(structure, index)
    if going:
        race = _("Chip race: the {chips} go.").format(
            chips=", ".join(_("{chip}s").format(chip=format_number(chip)) for chip in going)
        )
        note = sentences(note, race)
    return note


def announcement(state: TournamentState, cue: clk.Cue) -> str:
    """What the room hears for ``cue``: "Level 5: blinds 100, 200, ante 25"."""
    if cue.kind is clk.CueKind.MESSAGE:
        return state.room_message
    if cue.kind is clk.CueKind.BUBBLE:
        return _("Bubble: the next player out wins nothing.")
    if cue.kind is clk.CueKind.FINAL_TABLE:
        return _("Final table: {players} players left.").format(players=len(state.alive()))
    structure = state.structure
    if not 0 <= cue.index < len(structure.items):
        return ""
    item = structure.items[cue.index]
    if cue.kind is clk.CueKind.ONE_MINUTE:
        return (
            _("One minute left in the break.")
            if isinstance(item, Break)
            else _("One minute left in this level.")
        )
    if cue.kind is clk.CueKind.BREAK_START and isinstance(item, Break):
        text = _("Break: {minutes} minutes.").format(minutes=item.seconds // 60)
        return sentences(text, break_note(structure, cue.index))
    if cue.kind is clk.CueKind.BREAK_END:
        return _("The break is over.")
    if isinstance(item, Level):
        if item.limited:
            blinds = _("Level {number}: limits {small}, {big}").format(
                number=structure.level_number(cue.index), small=item.small_bet, big=item.big_bet
            )
        else:
            blinds = _("Level {number}: blinds {small}, {big}").format(
                number=structure.level_number(cue.index),
                small=item.small_blind,
                big=item.big_blind,
            )
            if item.betting is Betting.POT_LIMIT:
                blinds += _(", pot limit")
        if item.ante_kind is AnteKind.EVERY_PLAYER:
            blinds += _(", ante {ante}").format(ante=item.ante)
        elif item.ante_kind is AnteKind.BIG_BLIND:
            blinds += _(", big blind ante {ante}").format(ante=item.ante)
        return blinds + "."
    return ""


def paused_status(state: TournamentState) -> str:
    """ "Paused" for an event under way whose clock was started and is stopped now (the
    console's header says it rather than "Running"); "" otherwise."""
    clock = state.clock
    if state.status is Status.RUNNING and clock.started and not clock.running:
        return _("Paused")
    return ""


def eliminator_choices(state: TournamentState, out: PlayerId | None) -> list[PlayerId]:
    """Who may have knocked ``out`` out: every player still in but him, the players
    at his table first (in seat order), then the others by name."""
    seated = state.tables.seated()
    table = seated[out][0] if out is not None and out in seated else None

    def order(player: PlayerId) -> tuple[int, int, str]:
        where = seated.get(player)
        if table is not None and where is not None and where[0] == table:
            return (0, where[1], "")
        return (1, 0, state.players[player].display_name.casefold())

    return sorted((p for p in state.alive() if p != out), key=order)


def move_text(state: TournamentState, move: Move) -> str:
    """ "Move Ann: table 2 seat 5 to table 1 seat 3"."""
    name = state.player_name(move.player)
    return _(
        "Move {name}: table {from_table} seat {from_seat} to table {to_table} seat {to_seat}"
    ).format(
        name=name,
        from_table=move.from_table,
        from_seat=move.from_seat,
        to_table=move.to_table,
        to_seat=move.to_seat,
    )


BUBBLE_NEAR = 3
"""From how many players to the money the bubble is announced."""


def bubble_text(state: TournamentState, near: Bubble | None = None) -> str:
    """The one sentence about the bubble, for the console and the TV alike ("" when
    far from the money or nothing is paid)."""
    if near is None:
        near = Bubble(paid=len(prize_amounts(state)), left=len(state.alive()))
    if state.deal is not None:
        return _("Deal made")
    if near.paid == 0:
        return ""
    if near.to_the_money == 1:
        return _("Bubble: next out wins nothing")
    if 1 < near.to_the_money <= BUBBLE_NEAR:
        return ngettext(
            "{count} player to the money", "{count} players to the money", near.to_the_money
        ).format(count=near.to_the_money)
    if near.to_the_money == 0 and near.left > 1:
        return _("In the money")
    return ""


# -- the side column, typed ----------------------------------------------------------
