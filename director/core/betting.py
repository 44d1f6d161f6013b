"""One betting round, for the floor's raise calculator (R15-R19, seed 001, TDA 43, 47).

R15 the opening bet is at least the big blind, unless all-in. R16 a raise is
at least the largest prior full bet or raise of the round; before the flop the
big blind counts as the opening bet. R17 an all-in (or several together) for
less than a full raise does not reopen the betting to players who already
acted and now face less than a full raise; the minimum raise stays the last
full one. R18 a blind posted short by an all-in player does not lower the
amount to call or the minimum raise. R19 one action per turn: every action is
whole, and an illegal one changes nothing.

Antes (TDA 36): dead money put in before the blinds; they never count toward
a call or a raise, and a short blind posts the blind before the ante. Limit
hold'em (seed 000 names both variants; TDA 47): every bet and raise is of
exactly the round's fixed size (the small bet on the first two rounds, the big
bet on the last two), a bet and three raises at most per round, no cap
heads-up; an all-in of at least half a bet counts as a full bet or raise and
reopens the betting, a smaller one does not, and the next player may call it
or complete the bet. Pot limit (a level's betting, see ``structure.Betting``):
the largest raise is the pot after the call, that is a total of the bet to
call plus the pot (every chip in the middle, earlier rounds' included) plus
the call; an all-in above that is refused.

>>> round_ = BettingRound(stacks={"A": 10_000, "B": 10_000, "C": 10_000},
...                       order=["C", "A", "B"], big_blind=200, posted={"A": 100, "B": 200})
>>> round_.min_raise_to("C")
400
>>> round_.raise_to("C", 1000)
>>> round_.min_raise_to("A")
1800
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from director.core.errors import RuleViolation, require

LIMIT_CAP = 4
"""Limit: a bet and three raises per betting round (no cap heads-up)."""
LIMIT_ROUNDS = 4


def limit_bet(small_bet: int, big_bet: int, betting_round: int) -> int:
    """Limit hold'em: the fixed bet of betting round 1-4 (pre-flop, flop, turn,
    river): the small bet on the first two, the big bet on the last two.

    >>> [limit_bet(100, 200, n) for n in range(1, 5)]
    [100, 100, 200, 200]
    """
    require(1 <= betting_round <= LIMIT_ROUNDS, "no_such_betting_round")
    return small_bet if betting_round <= 2 else big_bet


class BettingRound:
    """The state of one betting round; actions change it or raise ``RuleViolation``."""

    def __init__(
        self,
        *,
        stacks: Mapping[str, int],
        order: Sequence[str],
        big_blind: int,
        posted: Mapping[str, int] | None = None,
        antes: Mapping[str, int] | None = None,
        limit: int = 0,
        cap: int = LIMIT_CAP,
        pot_limit: bool = False,
        pot: int = 0,
    ) -> None:
        require(big_blind > 0, "big_blind_not_positive", row=0)
        require(len(order) >= 2 and len(set(order)) == len(order), "betting_needs_two_players")
        for player in order:
            require(player in stacks, "player_not_in_hand", player=player)
            require(stacks[player] >= 0, "amount_negative", value=stacks[player])
        preflop = posted is not None
        posted = dict(posted or {})
        antes = dict(antes or {})
        for player, amount in (*posted.items(), *antes.items()):
            require(player in stacks, "player_not_in_hand", player=player)
            require(amount >= 0, "amount_negative", value=amount)
        require(limit >= 0, "amount_negative", value=limit)
        require(cap >= 1, "limit_cap_too_small")
        require(pot >= 0, "amount_negative", value=pot)
        require(not (pot_limit and limit), "pot_limit_and_limit")
        self.order: tuple[str, ...] = tuple(order)
        self.big_blind = big_blind
        self.limit = limit
        self.cap = cap
        self.pot_limit = pot_limit
        self.pot_before = pot
        """Chips in the middle before this round (earlier rounds, dead money)."""
        self._contributions = {player: 0 for player in order}
        self._stacks = {player: stacks[player] for player in order}
        for player, amount in posted.items():
            paid = min(amount, self._stacks[player])
            self._contributions[player] = paid
            self._stacks[player] -= paid
        # Antes after the blinds: a short blind posts the blind first (TDA).
        self._antes = {player: 0 for player in order}
        for player, amount in antes.items():
            paid = min(amount, self._stacks[player])
            self._antes[player] = paid
            self._stacks[player] -= paid
        self.folded: set[str] = set()
        # Before the flop the big blind is the opening bet, even if posted short (R16, R18).
        self.current_bet = big_blind if posted else 0
        self.current_bet = max(self.current_bet, *self._contributions.values())
        self.last_full_raise = big_blind
        # Limit: the bet level of the last full bet or raise, and how many were
        # made this round (the big blind is the first before the flop).
        self._full_level = self.current_bet if preflop else 0
        self.bets = 1 if preflop else 0
        self._capped_at_three = False
        """The cap was reached with more than two players in (it then stays)."""
        # The bet level each player last acted facing; None: has not acted.
        self._acted_at: dict[str, int | None] = {player: None for player in order}
        self._cursor = 0
        self.history: list[tuple[str, str, int]] = []
        self.to_act: str | None = None
        self._advance(start=0)

    # -- reading -------------------------------------------------------------------

    @property
    def contributions(self) -> Mapping[str, int]:
        """Chips each player put in this round (blinds included)."""
        return dict(self._contributions)

    @property
    def antes(self) -> Mapping[str, int]:
        """Antes each player put in before the blinds (dead money)."""
        return dict(self._antes)

    def hand_contributions(self) -> dict[str, int]:
        """Chips each player put in the hand so far: antes and this round's bets."""
        return {p: self._contributions[p] + self._antes[p] for p in self.order}

    def stack(self, player: str) -> int:
        """Chips ``player`` has left behind."""
        return self._stacks[player]

    def in_hand(self) -> list[str]:
        return [p for p in self.order if p not in self.folded]

    def call_amount(self, player: str) -> int:
        """Chips still to put in to call (capped at what the player has)."""
        owed = max(0, self.current_bet - self._contributions[player])
        return min(owed, self._stacks[player])

    def max_total(self, player: str) -> int:
        """The total this player reaches by going all-in."""
        return self._contributions[player] + self._stacks[player]

    def pot(self) -> int:
        """Every chip in the middle: earlier rounds', antes and this round's bets."""
        return self.pot_before + sum(self._contributions.values()) + sum(self._antes.values())

    def pot_limit_total(self, player: str) -> int:
        """Pot limit: the largest total ``player`` may bet or raise to: the bet plus
        the pot after his call (R16's minimum still applies below it).

        >>> round_ = BettingRound(stacks={"A": 1_000, "B": 1_000, "C": 1_000},
        ...     order=["C", "A", "B"], big_blind=2, posted={"A": 1, "B": 2}, pot_limit=True)
        >>> round_.pot_limit_total("C")
        7
        """
        owed = max(0, self.current_bet - self._contributions[player])
        return self.current_bet + self.pot() + owed

    def max_raise_to(self, player: str) -> int:
        """The largest total ``player`` may reach this round: all his chips, or in
        pot limit the pot's limit, or in limit the fixed bet."""
        most = self.max_total(player)
        if self.pot_limit:
            return min(most, self.pot_limit_total(player))
        if self.limit:
            return min(most, self.limit_total())
        return most

    def reopened_for(self, player: str) -> bool:
        """Whether ``player`` may raise (R17): not acted yet, or facing a full raise
        (several short all-ins together count) since they last acted."""
        acted_at = self._acted_at[player]
        if acted_at is None:
            return True
        if self.limit:
            return 2 * (self.current_bet - acted_at) >= self.limit
        return self.current_bet - acted_at >= self.last_full_raise

    def capped(self) -> bool:
        """Limit: a bet and three raises were made with more than two players in.

        Robert's Rules: "Once the raising is capped on a betting round, it cannot be
        uncapped by a subsequent fold that leaves two players heads-up"; a round that
        was heads-up when it reached the cap has no cap."""
        if not self.limit or self.bets < self.cap:
            return False
        return self._capped_at_three or len(self.in_hand()) > 2

    def limit_total(self) -> int:
        """Limit: the total this round's next bet or raise reaches (a bet of exactly
        the fixed size above the last full bet; completing a short all-in)."""
        return self._full_level + self.limit

    def min_raise_to(self, player: str) -> int | None:
        """The smallest total a full bet or raise by ``player`` may reach this round;
        None when they may not raise at all."""
        if player in self.folded or self._stacks[player] == 0:
            return None
        if not self.reopened_for(player):
            return None
        if self.max_total(player) <= self.current_bet:
            return None  # the chips do not go past a call
        if not self._someone_could_call_a_raise(player):
            return None  # nobody left could call a raise
        if self.limit:
            return None if self.capped() else self.limit_total()
        if self.current_bet == 0:
            return self.big_blind  # R15: the opening bet
        return self.current_bet + self.last_full_raise

    def over(self) -> bool:
        return self.to_act is None

    # -- actions -------------------------------------------------------------------

    def _require_turn(self, player: str) -> None:
        require(self.to_act is not None, "betting_round_over")
        require(player in self._contributions, "player_not_in_hand", player=player)
        require(player == self.to_act, "not_your_turn", player=player, turn=self.to_act or "")

    def fold(self, player: str) -> None:
        self._require_turn(player)
        self.folded.add(player)
        self._done(player, "fold", 0)

    def check(self, player: str) -> None:
        self._require_turn(player)
        require(
            self.current_bet - self._contributions[player] <= 0,
            "cannot_check",
            amount=self.current_bet - self._contributions[player],
        )
        self._done(player, "check", 0)

    def call(self, player: str) -> None:
        self._require_turn(player)
        amount = self.call_amount(player)
        require(amount > 0, "nothing_to_call")
        self._put(player, amount)
        self._done(player, "call", amount)

    def raise_to(self, player: str, total: int) -> None:
        """A bet or raise to ``total`` chips in this round. A bet is a raise from 0.

        Going all-in for less than a full raise is allowed (R15, R17) and does
        not reopen the betting.
        """
        self._require_turn(player)
        if not isinstance(total, int) or isinstance(total, bool):
            raise RuleViolation("amount_not_whole", value=str(total))
        available = self.max_total(player)
        require(total <= available, "not_enough_chips", total=total, available=available)
        require(total > self.current_bet, "raise_not_above_bet", bet=self.current_bet)
        if self.limit and self.capped():
            raise RuleViolation("betting_capped", bets=self.cap - 1)
        if self.pot_limit and total > self.pot_limit_total(player):
            raise RuleViolation("pot_limit_exceeded", maximum=self.pot_limit_total(player))
        if total == available and not (self.limit and total > self.limit_total()):
            self._all_in(player)
            return
        minimum = self.min_raise_to(player)
        if minimum is None:
            if not self.reopened_for(player):
                raise RuleViolation("raising_not_reopened", bet=self.current_bet)
            raise RuleViolation("nobody_to_raise_against")
        if self.limit and total != minimum:
            raise RuleViolation("limit_bet_fixed", total=minimum, limit=self.limit)
        if total < minimum:
            raise RuleViolation(
                "bet_too_small" if self.current_bet == 0 else "raise_too_small",
                minimum=minimum,
                total=total,
            )
        self._raise(player, total)

    def all_in(self, player: str) -> None:
        self._require_turn(player)
        require(self._stacks[player] > 0, "no_chips_left", player=player)
        self._all_in(player)

    # -- internals -------------------------------------------------------------------

    def _all_in(self, player: str) -> None:
        total = self.max_total(player)
        if total <= self.current_bet:
            amount = self._stacks[player]
            self._put(player, amount)
            self._done(player, "call", amount)
            return
        # Putting in more than a call is a raise, however short: R17 applies.
        if self.limit and self.capped():
            raise RuleViolation("betting_capped", bets=self.cap - 1)
        if self.limit and total > self.limit_total():
            raise RuleViolation("limit_bet_fixed", total=self.limit_total(), limit=self.limit)
        if self.pot_limit and total > self.pot_limit_total(player):
            raise RuleViolation("pot_limit_exceeded", maximum=self.pot_limit_total(player))
        if not self.reopened_for(player):
            raise RuleViolation("raising_not_reopened", bet=self.current_bet)
        if not self._someone_could_call_a_raise(player):
            raise RuleViolation("nobody_to_raise_against")
        self._raise(player, total, all_in=True)

    def _raise(self, player: str, total: int, *, all_in: bool = False) -> None:
        opening = self.current_bet == 0
        increase = total - self.current_bet
        # A full bet or raise (R15, R16) sets the new minimum raise; a short
        # all-in raises the bet but leaves the minimum raise as it was (R17).
        full = total >= self.big_blind if opening else increase >= self.last_full_raise
        if self.limit:
            # At least half a bet above the last full bet is a full bet or raise.
            full = 2 * (total - self._full_level) >= self.limit
        amount = total - self._contributions[player]
        self._put(player, amount)
        if full:
            self.last_full_raise = increase
            self._full_level = total
            self.bets += 1
            if self.limit and self.bets >= self.cap and len(self.in_hand()) > 2:
                self._capped_at_three = True  # a later fold does not lift it
        self.current_bet = total
        kind = "all_in" if all_in else ("bet" if opening else "raise")
        self._done(player, kind, amount)

    def _someone_could_call_a_raise(self, player: str) -> bool:
        """Whether a player still in, other than ``player``, has chips past the current
        bet: the rules API's contract is that no raise is offered that nobody could
        call (an opponent all-in, or short of the bet already, cannot)."""
        return any(p != player and self.max_total(p) > self.current_bet for p in self.in_hand())

    def _put(self, player: str, amount: int) -> None:
        self._contributions[player] += amount
        self._stacks[player] -= amount

    def _done(self, player: str, action: str, amount: int) -> None:
        self._acted_at[player] = self.current_bet
        self.history.append((player, action, amount))
        self._advance(start=self.order.index(player) + 1)

    def _needs_to_act(self, player: str) -> bool:
        if player in self.folded or self._stacks[player] == 0:
            return False
        if self._acted_at[player] is None:
            return True
        return self._contributions[player] < self.current_bet

    def _advance(self, *, start: int) -> None:
        live = self.in_hand()
        if len(live) <= 1:
            self.to_act = None
            return
        able = [p for p in live if self._stacks[p] > 0]
        if len(able) <= 1 and all(self._contributions[p] >= self.current_bet for p in able):
            # Everyone else is all-in and the last player has matched: nothing to decide.
            self.to_act = None
            return
        count = len(self.order)
        for step in range(count):
            player = self.order[(start + step) % count]
            if self._needs_to_act(player):
                self.to_act = player
                return
        self.to_act = None
