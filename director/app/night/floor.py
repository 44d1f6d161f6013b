"""The floor's three tools, as plain data the page edits and this module works out:
a betting round (R15-R19), side pots (R21) and the showdown (R20, R22).

The page keeps what the organizer typed in a ``FloorDraft``; everything shown
is recomputed from it by the core's ``BettingRound``, ``build_pots``,
``evaluate`` and ``award``, so the floor applies the same rules as the rest
of the product. The draft is saved with the event, so a restart loses nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from director.core import clock as clk
from director.core import codec
from director.core.betting import BettingRound
from director.core.errors import RuleViolation
from director.core.hands import HandValue, check_distinct, evaluate, parse_cards, rank_players
from director.core.ids import Instant
from director.core.out_of_turn import TurnKeeper, act
from director.core.pots import PotSplit, award, build_pots
from director.core.showing_order import (
    ShowingOrder,
    clockwise_from_button,
    last_bettor,
    showing_order,
)
from director.core.state import TournamentState
from director.core.straddle import straddle_refusal
from director.core.structure import Betting, Level
from director.i18n import N_, _

DRAFT_NAME = "floor"

HAND_NAMES = {
    "high_card": N_("High card"),
    "pair": N_("Pair"),
    "two_pair": N_("Two pair"),
    "three_of_a_kind": N_("Three of a kind"),
    "straight": N_("Straight"),
    "flush": N_("Flush"),
    "full_house": N_("Full house"),
    "four_of_a_kind": N_("Four of a kind"),
    "straight_flush": N_("Straight flush"),
}
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


@dataclass(frozen=True)
class FloorPlayer:
    name: str
    stack: int = 0
    posted: int = 0


@dataclass(frozen=True)
class FloorAction:
    player: str
    action: str  # fold, check, call, raise, all_in
    total: int = 0


@dataclass(frozen=True)
class PotRow:
    name: str
    put_in: int = 0
    folded: bool = False


@dataclass(frozen=True)
class FloorDraft:
    big_blind: int = 200
    preflop: bool = True
    players: tuple[FloorPlayer, ...] = ()
    actions: tuple[FloorAction, ...] = ()
    pot_rows: tuple[PotRow, ...] = ()
    board: str = ""
    holes: tuple[tuple[str, str], ...] = ()
    manual_ranks: tuple[tuple[str, int], ...] = ()
    unit: int = 1
    ante: int = 0
    """Before the flop: the ante each player posts, or the big blind ante."""
    big_blind_ante: bool = False
    """The ante is one big blind ante, posted by the big blind (last in acting order)."""
    limit: int = 0
    """Limit hold'em: this round's fixed bet (small bet, or big bet on the turn and
    river); 0 for no limit."""
    dead: int = 0
    """Side pots: dead money in the middle (big blind ante, dead small blinds)."""
    dead_blinds: int = 0
    """Dead small blinds posted with missed blinds for this hand (seed 002 §4.1.10),
    taken from the table; they go to the side pots as dead money."""
    pot_limit: bool = False
    """Pot limit: the largest raise is the pot after the call."""
    pot: int = 0
    """Chips in the middle before this round (earlier rounds, dead money): pot limit
    counts them."""
    straddle: int = 0
    """Before the flop: the live straddle posted by the last player in acting order
    (0: none); the next raise is of at least this much (seed 002 §4.1.17)."""


def draft_from_data(data: object) -> FloorDraft:
    """A saved draft, or an empty one if it is missing or unreadable."""
    if not isinstance(data, dict):
        return FloorDraft()
    try:
        return codec.decode(FloorDraft, data)
    except RuleViolation:
        return FloorDraft()


def draft_data(draft: FloorDraft) -> object:
    return codec.encode(draft)


# -- bets and raises ----------------------------------------------------------------


def start_round(draft: FloorDraft) -> BettingRound:
    """A betting round from the draft's players (in acting order) and blinds."""
    names = [player.name for player in draft.players]
    if len(set(names)) != len(names):
        raise RuleViolation("player_listed_twice")
    posted = {p.name: p.posted for p in draft.players if p.posted} if draft.preflop else None
    # A straddle is a blind raise: the bet to call, and the size of the next raise.
    straddled = draft.preflop and draft.straddle > draft.big_blind
    round_ = BettingRound(
        stacks={p.name: p.stack for p in draft.players},
        order=names,
        big_blind=draft.straddle if straddled else draft.big_blind,
        posted=posted or ({} if draft.preflop else None),
        antes=antes_for(draft),
        limit=0 if draft.pot_limit else draft.limit,
        pot_limit=draft.pot_limit,
        # Dead small blinds posted with missed blinds are in the middle before the
        # flop: pot limit counts them as it counts the antes.
        pot=draft.pot + (draft.dead_blinds if draft.preflop else 0),
    )
    if straddled and round_.limit:
        round_.bets += 1  # in limit the straddle is the first raise: it counts to the cap
    return round_


def antes_for(draft: FloorDraft) -> dict[str, int]:
    """The antes posted before the first round: every player's, or the big blind's
    big blind ante (the big blind acts last before the flop)."""
    if not draft.preflop or draft.ante <= 0 or not draft.players:
        return {}
    if draft.big_blind_ante:
        # The big blind acts last before the flop, or just before a live straddle.
        straddled = draft.straddle > draft.big_blind and len(draft.players) >= 3
        return {draft.players[-2 if straddled else -1].name: draft.ante}
    return {player.name: draft.ante for player in draft.players}


def perform(round_: BettingRound | TurnKeeper, action: FloorAction) -> None:
    """Apply one recorded action; raises ``RuleViolation`` if the rules refuse it.
    Given the round's ``TurnKeeper``, an action said out of turn waits for the
    player's turn (seed 001) instead of being refused."""
    if isinstance(round_, TurnKeeper):
        round_.speak(action.player, action.action, action.total)
    else:
        act(round_, action.player, action.action, action.total)


def replay_spoken(draft: FloorDraft) -> TurnKeeper:
    """The betting round after the draft's actions, as said: those said out of
    turn waiting for their player's turn (each was accepted when recorded)."""
    keeper = TurnKeeper(start_round(draft))
    for action in draft.actions:
        perform(keeper, action)
    return keeper


def replay(draft: FloorDraft) -> BettingRound:
    """The betting round after the draft's actions."""
    return replay_spoken(draft).round


@dataclass(frozen=True)
class Advice:
    """What the player to act may do: what the raise calculator shows."""

    player: str | None
    to_call: int = 0
    min_raise_to: int | None = None
    max_total: int = 0
    may_raise: bool = False
    reason: str = ""
    limit: bool = False
    """Limit: the raise is of exactly ``min_raise_to``."""
    args: tuple[tuple[str, int | str], ...] = ()
    pot_limit: bool = False
    """Pot limit: ``max_total`` is the pot's limit when the chips go past it."""
    all_in_total: int = 0
    """The total the player reaches by going all-in."""
    pot_after_call: int = 0
    """Every chip in the middle once the player has called: pot limit's largest raise."""


def advice(round_: BettingRound, keeper: TurnKeeper | None = None) -> Advice:
    """What the player to act may do; with the round's ``TurnKeeper``, a player
    forgotten by three who spoke out of turn may only fold or call (seed 001)."""
    player = round_.to_act
    if player is None:
        return Advice(player=None)
    minimum = round_.min_raise_to(player)
    limited = keeper is not None and player in keeper.limited
    maximum = round_.max_raise_to(player) if round_.pot_limit else round_.max_total(player)
    reason = ""
    args: tuple[tuple[str, int | str], ...] = ()
    if limited:
        minimum = None
        reason, args = "out_of_turn_fold_or_call", (("player", player),)
    elif minimum is None:
        if round_.capped():
            reason, args = "betting_capped", (("bets", round_.cap - 1),)
        elif not round_.reopened_for(player):
            reason = "raising_not_reopened"
        elif maximum <= round_.current_bet:
            reason = "only_call_all_in"
        else:
            reason = "nobody_to_raise_against"
    return Advice(
        player=player,
        to_call=round_.call_amount(player),
        min_raise_to=minimum,
        max_total=maximum,
        may_raise=minimum is not None,
        reason=reason,
        limit=bool(round_.limit),
        args=args,
        pot_limit=round_.pot_limit,
        all_in_total=round_.max_total(player),
        pot_after_call=round_.pot() + max(0, round_.current_bet - round_.contributions[player]),
    )


def pot_rows_from_round(
    round_: BettingRound,
    *,
    big_blind_ante: bool = False,
    preflop: bool = False,
    straddled: bool = False,
) -> tuple[tuple[PotRow, ...], int]:
    """What each player put in the hand (each one's ante counts in his stake), and
    the dead money: a big blind ante is dead money in the main pot. The rows go
    clockwise from the button's left, as the side pots and the showdown read them
    (odd chips, R22; who shows first)."""
    put_in = round_.contributions if big_blind_ante else round_.hand_contributions()
    rows = tuple(
        PotRow(name=player, put_in=put_in[player], folded=player in round_.folded)
        for player in clockwise_from_button(round_.order, preflop=preflop, straddled=straddled)
    )
    dead = sum(round_.antes.values()) if big_blind_ante else 0
    return rows, dead


# -- side pots -----------------------------------------------------------------------


def pots_of(rows: tuple[PotRow, ...], dead: int = 0) -> PotSplit:
    return build_pots(
        {row.name: row.put_in for row in rows},
        folded={row.name for row in rows if row.folded},
        dead=dead,
    )


# -- showdown ------------------------------------------------------------------------


@dataclass(frozen=True)
class Showdown:
    values: dict[str, HandValue] = field(default_factory=dict)
    ranking: list[list[str]] = field(default_factory=list)
    won: dict[str, int] = field(default_factory=dict)
    split: PotSplit | None = None


def pretty(cards: tuple[str, ...] | list[str]) -> str:
    """Cards with suit symbols: "A♠ K♦"."""
    return " ".join(card[0].replace("T", "10") + SUIT_SYMBOLS[card[1]] for card in cards)


def hand_name(value: HandValue) -> str:
    """The hand's name in the user's language, with the five cards that play."""
    return f"{_(HAND_NAMES[value.category])} ({pretty(value.best)})"


def showdown(draft: FloorDraft) -> Showdown:
    """Rank the players still in by their cards, or by the places typed when
    cards are not entered, and split every pot (R20-R22)."""
    rows = draft.pot_rows
    live = [row.name for row in rows if not row.folded]
    board = parse_cards(draft.board)
    if len(board) > 5:
        raise RuleViolation("hand_needs_five_to_seven_cards", count=len(board))
    holes = {name: parse_cards(text) for name, text in draft.holes if name in live and text.strip()}
    values: dict[str, HandValue] = {}
    if holes:
        check_distinct(board + [c for cards in holes.values() for c in cards])
        for name in live:
            cards = holes.get(name)
            if cards is None:
                raise RuleViolation("cards_missing", player=name)
            values[name] = evaluate(board + cards)
        ranking = rank_players(values)
    else:
        places = dict(draft.manual_ranks)
        missing = [name for name in live if name not in places]
        if missing:
            raise RuleViolation("rank_missing", player=missing[0])
        ranked: dict[int, list[str]] = {}
        for name in live:
            ranked.setdefault(places[name], []).append(name)
        ranking = [ranked[place] for place in sorted(ranked)]
    split = pots_of(rows, draft.dead)
    won = award(split.pots, ranking, order=[row.name for row in rows], unit=draft.unit)
    return Showdown(values=values, ranking=ranking, won=won, split=split)


def showing(draft: FloorDraft) -> ShowingOrder | None:
    """Who shows first and in what order (seed 000 §2; TDA 16): the players still
    in, clockwise from the button's left as the side pots list them, starting
    with the last to bet or raise in the betting round recorded (the last one
    played). None before the side pots are filled."""
    live = [row.name for row in draft.pot_rows if not row.folded]
    if not live:
        return None
    bettor, all_in = None, False
    names = {player.name for player in draft.players}
    if draft.actions and set(live) <= names:
        try:
            round_ = replay(draft)
        except RuleViolation:
            round_ = None
        if round_ is not None:
            bettor = last_bettor(round_)
            all_in = round_.over() and any(round_.stack(name) == 0 for name in live)
    return showing_order(live, bettor, all_in=all_in and len(live) > 1)


DEFAULT_BIG_BLIND = 200
"""The floor's big blind when the event has no level at all."""


@dataclass(frozen=True)
class Blinds:
    big: int
    small: int
    level: Level | None = None
    """The level they come from (None: typed by the organizer); its ante and,
    in a limit game, its small bet fill the floor's other fields."""
    limited: bool = False

    @property
    def pot_limit(self) -> bool:
        """The level is played pot limit."""
        return self.level is not None and self.level.betting is Betting.POT_LIMIT

    @property
    def limit_bet(self) -> int:
        """The small bet of a limit level (0: no limit)."""
        return self.level.small_bet if self.level is not None and self.limited else 0


def blinds_now(
    state: TournamentState, now: int, *, fallback_big: int = 0, table: int | None = None
) -> Blinds:
    """The blinds the floor works with: those of the hand ``table`` plays (R9: another
    table may already play the next level; R27: a table waiting in hand-for-hand
    deals at the level then in force), else the level in force (before the clock
    starts, the first level); with none, ``fallback_big`` (or 200) and half of it."""
    view = clk.view(state.clock, state.structure, Instant(now))
    level = view.in_force
    found = state.tables.tables.get(table) if table is not None else None
    if found is not None and found.hand_level is not None:
        level = (
            clk.level_dealt(state.clock, state.structure, Instant(now))
            if state.tables.waits(found.number)
            else found.hand_level
        )
    if level is None:
        level = next((found for _index, found in state.structure.levels()), None)
    if isinstance(level, Level):
        return Blinds(
            big=level.minimum_bet, small=level.small_blind, level=level, limited=level.limited
        )
    big = fallback_big or DEFAULT_BIG_BLIND
    return Blinds(big=big, small=big // 2)


def players_from_table(
    state: TournamentState,
    table: int,
    preflop: bool,
    big_blind: int,
    small_blind: int,
    *,
    straddle: int = 0,
) -> tuple[FloorPlayer, ...]:
    """The players of ``table`` in acting order, with the blinds posted before the
    flop (and a live straddle: its player posts it and acts last)."""
    found = state.tables.tables.get(table)
    if found is None or found.positions is None:
        raise RuleViolation("button_not_placed", table=table)
    positions = found.positions
    seats = sorted(found.seats)
    anchor = positions.big_blind if preflop else positions.button
    after = [s for s in seats if s > anchor] + [s for s in seats if s <= anchor]
    players = []
    for seat in after:
        if seat in found.dealt_out:
            continue
        entrant = state.players[found.seats[seat]]
        posted = 0
        if preflop and seat == positions.big_blind:
            posted = big_blind
        elif (
            preflop
            and seat == positions.small_blind
            and positions.small_blind != positions.big_blind
        ):
            posted = small_blind
        if preflop and seat in found.posted:
            # Missed blinds posted (§4.1.10): the live part is his bet.
            posted = max(posted, found.posted[seat].live)
        players.append(FloorPlayer(name=entrant.name, stack=0, posted=posted))
    if preflop and straddle and len(players) >= 3:
        first = players[0]
        players = [*players[1:], FloorPlayer(first.name, 0, max(first.posted, straddle))]
    return tuple(players)


def straddle_refused(state: TournamentState, now: int) -> RuleViolation | None:
    """Why the floor may not take a live straddle now (seed 002 §4.1.17), or None."""
    return straddle_refusal(state, blinds_now(state, now).level)


def dead_blinds_at(state: TournamentState, table: int) -> int:
    """Dead money posted at ``table`` for the coming hand with missed blinds."""
    found = state.tables.tables.get(table)
    if found is None:
        return 0
    return sum(posting.dead for posting in found.posted.values())
