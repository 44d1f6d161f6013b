"""Commands: what the organizer asks for. ``decide`` turns them into events.

Commands are stored beside the events they produced, as an audit trail, and
each has a label (a ``Message``) for the Edit menu: "Undo: rename event".
"""

from __future__ import annotations

import re

from director.core.chip_sets import ChipSet
from director.core.clock import NewLevelApplies
from director.core.frozen import dataclass
from director.core.ids import Instant, PlayerId
from director.core.messages import Message
from director.core.money import CashSettings, MoneySettings
from director.core.payouts import Deal, PayoutSettings
from director.core.players import Bust
from director.core.records import Registry, Versioned
from director.core.seating import Move
from director.core.shot_clock import ShotClockSettings
from director.core.state import EventKind, TournamentState
from director.core.structure import Structure, upcast_structure
from director.core.tv import TvLook

COMMANDS: Registry[Command] = Registry("command")


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class Command(Versioned):
    """Base of every command."""

    def label(self, state: TournamentState) -> Message:
        """What undoing this command takes back, for the Edit menu."""
        return Message(_snake(type(self).__name__))


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class CreateTournament(Command):
    VERSION = 2  # each level carries its betting
    name: str
    kind: EventKind = EventKind.TOURNAMENT
    event_date: str = ""
    venue: str = ""
    structure: Structure = Structure()


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class RenameTournament(Command):
    name: str


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class EditDetails(Command):
    event_date: str
    venue: str


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetArchived(Command):
    archived: bool

    def label(self, state: TournamentState) -> Message:
        return Message("archive_event" if self.archived else "unarchive_event")


# -- the blind structure and the clock -----------------------------------------


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetStructure(Command):
    """Replace the structure; ``change`` names the edit for the undo label."""

    VERSION = 2  # each level carries its betting
    structure: Structure
    change: str = "edit_structure"

    def label(self, state: TournamentState) -> Message:
        return Message(self.change if self.change.endswith("_structure") else "edit_structure")


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class StartClock(Command):
    def label(self, state: TournamentState) -> Message:
        return Message("resume_clock" if state.clock.started else "start_clock")


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PlanStart(Command):
    """Plan the start at ``planned`` (None: no planned start); with ``auto_start`` the
    clock starts by itself then, else it waits for the organizer."""

    planned: Instant | None = None
    auto_start: bool = True


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PauseClock(Command):
    """Pause now, or at ``at`` (a moment in the past, when resuming after a crash)."""

    at: Instant | None = None


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class NextLevel(Command):
    pass


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PreviousLevel(Command):
    pass


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class GoToLevel(Command):
    """Move the clock to the start of item ``index`` of the structure."""

    index: int

    def label(self, state: TournamentState) -> Message:
        return Message("go_to_level", {"level": state.structure.level_number(self.index)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class AdjustTime(Command):
    """Add (or, negative, remove) time left."""

    delta_ms: int

    def label(self, state: TournamentState) -> Message:
        return Message("add_time" if self.delta_ms >= 0 else "remove_time")


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetTimeLeft(Command):
    remaining_ms: int


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class NextHand(Command):
    pass


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetClockOptions(Command):
    applies: NewLevelApplies


# -- the shot clock ---------------------------------------------------------------


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetShotClockOptions(Command):
    """The event's shot clock length and time-bank chips (see ``core.shot_clock``)."""

    settings: ShotClockSettings


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class StartShotClock(Command):
    """Start the shot clock for ``player`` at the table where he sits, for ``seconds``
    (None: the event's length). It replaces the one running at that table."""

    player: PlayerId
    seconds: int | None = None

    def label(self, state: TournamentState) -> Message:
        return Message("start_shot_clock", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class StopShotClock(Command):
    """Stop (or clear) the shot clock of ``table``."""

    table: int


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class UseTimeBank(Command):
    """One of ``player``'s time-bank chips adds its seconds to his shot clock."""

    player: PlayerId

    def label(self, state: TournamentState) -> Message:
        return Message("use_time_bank", {"player": _name(state, self.player)})


# -- players and money -----------------------------------------------------------


def _name(state: TournamentState, player: PlayerId, fallback: str = "") -> str:
    return state.player_name(player, fallback)


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetMoneySettings(Command):
    settings: MoneySettings


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetChipSet(Command):
    """The organizer's chips for this event; the structure's denominations follow."""

    chip_set: ChipSet | None


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetCashSettings(Command):
    settings: CashSettings


@dataclass(frozen=True)
class Newcomer:
    """A player from the roster joining the event (his id, name and nickname there)."""

    player: PlayerId
    name: str
    nickname: str = ""
    stack: int = 0
    """His own starting stack (``SetStartingStack``); 0: the event's."""


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetUpEvent(Command):
    """A new event's first set-up in one step (one undo): the blinds, the prices and
    the players. In a tournament with starting chips the players buy in, otherwise
    they are registered; a cash game gets ``cash`` instead of ``money``."""

    VERSION = 2  # each level carries its betting
    structure: Structure | None = None
    money: MoneySettings | None = None
    cash: CashSettings | None = None
    players: tuple[Newcomer, ...] = ()

    def label(self, state: TournamentState) -> Message:
        return Message("set_up_event", {"players": len(self.players)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class RegisterPlayer(Command):
    """Put a player on the list without a buy-in yet."""

    player: PlayerId
    name: str
    nickname: str = ""

    def label(self, state: TournamentState) -> Message:
        return Message("register_player", {"player": self.name})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetStartingStack(Command):
    """A registered player's own starting stack for his buy-in (a season final's
    qualifier with his bonus chips), set before he buys in; ``chips`` 0: the
    event's starting chips again."""

    player: PlayerId
    chips: int

    def label(self, state: TournamentState) -> Message:
        return Message("set_starting_stack", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class BuyIn(Command):
    """A first entry (registering the player if needed). ``paid=False``: owed.

    In a cash game ``amount`` is the money brought; in a tournament the
    buy-in price applies and ``amount`` is ignored.
    """

    player: PlayerId
    name: str = ""
    nickname: str = ""
    paid: bool = True
    amount: int = 0

    def label(self, state: TournamentState) -> Message:
        return Message("buy_in", {"player": _name(state, self.player, self.name)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class Reentry(Command):
    player: PlayerId
    paid: bool = True

    def label(self, state: TournamentState) -> Message:
        return Message("reentry", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class Rebuy(Command):
    """R3. ``stack``: the player's chips, when they are still in (checked against
    the threshold)."""

    player: PlayerId
    paid: bool = True
    stack: int | None = None

    def label(self, state: TournamentState) -> Message:
        return Message("rebuy", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class Addon(Command):
    player: PlayerId
    paid: bool = True

    def label(self, state: TournamentState) -> Message:
        return Message("addon", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class TopUp(Command):
    """Cash game: more chips for ``amount``."""

    player: PlayerId
    amount: int
    paid: bool = True

    def label(self, state: TournamentState) -> Message:
        return Message("top_up", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PayDebt(Command):
    """Money a player owed is paid to the bank (all of it when ``amount`` is 0)."""

    player: PlayerId
    amount: int = 0

    def label(self, state: TournamentState) -> Message:
        return Message("pay_debt", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PayOutDue(Command):
    """Cash game: the bank pays a player what it still owes them for their chips."""

    player: PlayerId
    amount: int = 0

    def label(self, state: TournamentState) -> Message:
        return Message("pay_out_due", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class BustPlayers(Command):
    """One or more players out on the same hand (R23)."""

    busts: tuple[Bust, ...]

    def label(self, state: TournamentState) -> Message:
        names = ", ".join(_name(state, bust.player) for bust in self.busts)
        return Message("bust", {"player": names})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class RevertBust(Command):
    """Put back in a player whose bust was recorded by mistake."""

    player: PlayerId

    def label(self, state: TournamentState) -> Message:
        return Message("revert_bust", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class RemoveEntry(Command):
    """Take back a player's last purchase, made by mistake, as a refund."""

    player: PlayerId

    def label(self, state: TournamentState) -> Message:
        return Message("remove_entry", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class CashOut(Command):
    """Cash game: the player leaves and returns ``chips``; ``paid``: the bank pays now."""

    player: PlayerId
    chips: int
    paid: bool = True

    def label(self, state: TournamentState) -> Message:
        return Message("cash_out", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class TakeRake(Command):
    """Cash game, the house's rake by the game's rule: from a pot of ``pot`` chips
    (a percentage, capped), or the hour's or the seat's charge from each player in
    the game; ``paid``: the players pay that charge now."""

    pot: int = 0
    paid: bool = True

    def label(self, state: TournamentState) -> Message:
        return Message("take_rake", {})


# -- tables -------------------------------------------------------------------------


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetTableOptions(Command):
    seats_per_table: int = 9
    method: str = "dead"
    final_redraw: bool = True


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class DrawSeats(Command):
    """R7: draw a seat for every player in; ``tables`` forces the number of tables."""

    tables: int = 0


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class DrawForButton(Command):
    """R7: high-card draw for the first button, at one table (0: every table)."""

    table: int = 0


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetButton(Command):
    """The first hand's button, entered by hand."""

    table: int
    seat: int


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class HandDone(Command):
    """A hand is over at ``table``: move the button and the blinds."""

    table: int

    def label(self, state: TournamentState) -> Message:
        return Message("hand_done", {"table": self.table})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ConfirmMove(Command):
    """Confirm a planned move (the first one when ``move`` is None)."""

    move: Move | None = None

    def label(self, state: TournamentState) -> Message:
        move = self.move or (state.tables.pending[0] if state.tables.pending else None)
        name = _name(state, PlayerId(int(move.player))) if move else ""
        return Message("confirm_move", {"player": name})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ConfirmAllMoves(Command):
    pass


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class MovePlayer(Command):
    """Move a player by hand to an open seat."""

    player: PlayerId
    table: int
    seat: int

    def label(self, state: TournamentState) -> Message:
        return Message("move_player", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetBreakOrder(Command):
    order: tuple[int, ...]


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetTableLayout(Command):
    """Name a table and set its own number of seats (0: the event's)."""

    table: int
    name: str = ""
    seats: int = 0

    def label(self, state: TournamentState) -> Message:
        return Message("set_table_layout", {"table": self.table})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class LockSeat(Command):
    """Lock a seat: nobody sits there (``player`` None, a dealer's seat) or only
    ``player`` does (a reserved seat)."""

    table: int
    seat: int
    player: PlayerId | None = None

    def label(self, state: TournamentState) -> Message:
        return Message("lock_seat", {"table": self.table, "seat": self.seat})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class UnlockSeat(Command):
    """Free a locked or reserved seat."""

    table: int
    seat: int

    def label(self, state: TournamentState) -> Message:
        return Message("unlock_seat", {"table": self.table, "seat": self.seat})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetHandForHand(Command):
    on: bool

    def label(self, state: TournamentState) -> Message:
        return Message("hand_for_hand_on" if self.on else "hand_for_hand_off")


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class RedrawFinalTable(Command):
    pass


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SitOut(Command):
    player: PlayerId

    def label(self, state: TournamentState) -> Message:
        return Message("sit_out", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SitIn(Command):
    player: PlayerId

    def label(self, state: TournamentState) -> Message:
        return Message("sit_in", {"player": _name(state, self.player)})


@dataclass(frozen=True)
class RaceChips:
    """A player's chips of the leaving denomination; ``nothing_else``: all he has."""

    player: PlayerId
    chips: int
    nothing_else: bool = False


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ChipRace(Command):
    """R28: colour up ``denomination`` at ``table``, racing the odd chips."""

    table: int
    denomination: int
    holdings: tuple[RaceChips, ...] = ()

    def label(self, state: TournamentState) -> Message:
        return Message("chip_race", {"table": self.table, "chip": self.denomination})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PostBlinds(Command):
    player: PlayerId

    def label(self, state: TournamentState) -> Message:
        return Message("post_blinds", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PlayOver(Command):
    """Cash game, seed 002 §4.1.6: ``player`` plays the seat ``seat`` at ``table``
    while its player is away, as a newcomer. One not in the game yet buys in with
    ``amount`` (``name`` for one not registered)."""

    player: PlayerId
    table: int
    seat: int
    name: str = ""
    amount: int = 0

    def label(self, state: TournamentState) -> Message:
        return Message("play_over", {"player": _name(state, self.player, self.name)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class KeepMistakenHand(Command):
    """Cash game, seed 002 §4.1.11: a player owing blinds was dealt in by mistake
    and acted before it was noticed: his hand stands, he posts on the next hand."""

    player: PlayerId

    def label(self, state: TournamentState) -> Message:
        return Message("keep_mistaken_hand", {"player": _name(state, self.player)})


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ChangeSeatAfterButton(Command):
    """Cash game, seed 002 §4.1.16: the player who just had the button moves to
    ``seat`` at his table, sits out the blinds and plays again, posting nothing,
    once the button has passed him."""

    player: PlayerId
    seat: int

    def label(self, state: TournamentState) -> Message:
        return Message("change_seat_after_button", {"player": _name(state, self.player)})


# -- payouts and deals ----------------------------------------------------------------


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetPayouts(Command):
    settings: PayoutSettings


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class AcceptDeal(Command):
    """R31: record the deal the players left agreed on."""

    deal: Deal
    chips_difference_accepted: bool = False


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class PayPrize(Command):
    """The bank pays a player their prize and bounties (all that is due when 0)."""

    player: PlayerId
    amount: int = 0

    def label(self, state: TournamentState) -> Message:
        return Message("pay_prize", {"player": _name(state, self.player)})


def _structure_v1(payload: dict[str, object]) -> dict[str, object]:
    """A version 1 command's structure: one limit flag for every level."""
    if payload.get("structure") is None:
        return payload
    return {**payload, "structure": upcast_structure(payload["structure"])}


for _name_v1 in ("CreateTournament", "SetStructure", "SetUpEvent"):
    COMMANDS.upcaster(_name_v1, 1)(_structure_v1)

# -- the TV --------------------------------------------------------------------------


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetTvLook(Command):
    """The TV's colours, layout, pictures and sounds for this event (None: the
    defaults from the settings)."""

    look: TvLook | None


@COMMANDS.register
@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class SetRoomMessage(Command):
    """A line of text for the room, on the TV (and spoken); empty clears it."""

    text: str

    def label(self, state: TournamentState) -> Message:
        return Message("set_room_message" if self.text.strip() else "clear_room_message")
