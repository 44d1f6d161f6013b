"""Action out of turn (seed 001), on top of a betting round (R19: act in turn).

Seed 001: "si la déclaration est faite hors position, ce joueur peut être lié par
sa déclaration ou ne pas être lié par sa déclaration. [...] Si le joueur oublié
ne change pas l'action (fold, check ou call) alors le joueur hors position devra
se conformer à sa déclaration. Si le joueur oublié change l'action (ouvre ou
relance), le joueur fautif ne sera plus lié par sa déclaration. Exception : Si
au moins 3 joueurs ont pris action hors position suite à la négligence du joueur
dont c'était le tour à parler, leurs actions seront maintenues et le joueur
oublié [...] ne peut qu'abandonner ou suivre les enchères déjà faites."

So an action said out of turn waits, as a declaration, until the player's turn
comes. Then it is binding if the bet he faces is still the one he spoke
against (the players in between checked, called or folded: a check or a call
does not change the action), and carried out; if someone bet or raised in
between, it is released and the player acts freely. When three or more players
spoke out of turn past a forgotten player, their declarations stand and he may
only fold or call for the rest of the round.
"""

from __future__ import annotations

from director.core.betting import BettingRound
from director.core.errors import RuleViolation, require
from director.core.frozen import dataclass

ACTIONS = ("fold", "check", "call", "raise", "all_in")
FORGOTTEN_AFTER = 3
"""Players speaking out of turn past a forgotten player that make their actions stand."""


@dataclass(frozen=True)
class Declaration:
    """What a player said out of turn, and the bet he faced when he said it."""

    player: str
    action: str
    total: int
    facing: int
    skipped: str
    """The player whose turn it was."""


@dataclass(frozen=True)
class Settled:
    """A declaration once its player's turn came: carried out (binding) or not."""

    declaration: Declaration
    binding: bool


def act(round_: BettingRound, player: str, action: str, total: int = 0) -> None:
    """Carry out one action in turn; raises ``RuleViolation`` if the rules refuse it."""
    if action == "fold":
        round_.fold(player)
    elif action == "check":
        round_.check(player)
    elif action == "call":
        round_.call(player)
    elif action == "raise":
        round_.raise_to(player, total)
    elif action == "all_in":
        round_.all_in(player)
    else:
        raise RuleViolation("unknown_command", type=action)


class TurnKeeper:
    """A betting round that also takes actions said out of turn (seed 001)."""

    def __init__(self, round_: BettingRound) -> None:
        self.round = round_
        self.pending: list[Declaration] = []
        self.settled: list[Settled] = []
        self.limited: set[str] = set()
        """Forgotten players who may only fold or call this round."""

    def speak(self, player: str, action: str, total: int = 0) -> None:
        """``player`` says ``action``: carried out if it is his turn, else kept as a
        declaration. Raises ``RuleViolation`` when the rules refuse it now."""
        round_ = self.round
        require(action in ACTIONS, "unknown_command", type=action)
        skipped = round_.to_act
        if skipped is None:
            raise RuleViolation("betting_round_over")
        require(player in round_.order, "player_not_in_hand", player=player)
        if player == skipped:
            self._act(player, action, total)
            self._settle()
            return
        require(player not in round_.folded, "out_of_turn_not_in_hand", player=player)
        require(round_.stack(player) > 0, "out_of_turn_all_in", player=player)
        require(
            all(declared.player != player for declared in self.pending),
            "out_of_turn_already_spoken",
            player=player,
        )
        self.pending.append(
            Declaration(player, action, total, facing=round_.current_bet, skipped=skipped)
        )
        if sum(1 for declared in self.pending if declared.skipped == skipped) >= FORGOTTEN_AFTER:
            self.limited.add(skipped)

    def may_raise(self, player: str) -> bool:
        """Whether ``player`` may bet or raise now (a forgotten player may not)."""
        return player not in self.limited and self.round.min_raise_to(player) is not None

    def declaration_of(self, player: str) -> Declaration | None:
        return next((found for found in self.pending if found.player == player), None)

    def _act(self, player: str, action: str, total: int) -> None:
        if player in self.limited and self._raises(player, action, total):
            raise RuleViolation("out_of_turn_fold_or_call", player=player)
        act(self.round, player, action, total)

    def _raises(self, player: str, action: str, total: int) -> bool:
        if action == "raise":
            return True
        return action == "all_in" and self.round.max_total(player) > self.round.current_bet

    def _settle(self) -> None:
        """Each player whose turn has come with a declaration: bound by it if the bet
        he faces has not changed since he spoke, else free."""
        while self.round.to_act is not None:
            declared = self.declaration_of(self.round.to_act)
            if declared is None:
                return
            self._settle_one(declared)
        for declared in list(self.pending):  # the round ended before their turn came
            self.pending.remove(declared)
            self.settled.append(Settled(declared, binding=False))

    def _settle_one(self, declared: Declaration) -> None:
        self.pending.remove(declared)
        binding = declared.facing == self.round.current_bet
        if binding:
            try:
                self._act(declared.player, declared.action, declared.total)
            except RuleViolation:
                binding = False  # it cannot be carried out as said: he acts anew
        self.settled.append(Settled(declared, binding))
