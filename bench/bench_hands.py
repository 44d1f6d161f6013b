"""Seven-card hand evaluations per second: director's ``hands.evaluate`` next to
treys, a published pure-Python evaluator, on the same random hands in the same
run. treys is installed for the benchmark only: ``pip install '.[bench]'``.

Run: python -m bench.bench_hands
"""

from __future__ import annotations

import random
import time

from director.core.hands import DECK, evaluate

HANDS = 100_000


def rate(function, hands) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    for hand in hands:
        function(hand)
    return len(hands) / (time.perf_counter() - start)


def main() -> None:
    rng = random.Random(7)
    hands = [rng.sample(DECK, 7) for _ in range(HANDS)]
    ours = rate(evaluate, hands)
    print(f"director hands.evaluate: {ours:,.0f} seven-card evaluations per second")
    try:
        from treys import Card, Evaluator
    except ImportError:
        print("treys is not installed (pip install treys): no comparison")
        return
    evaluator = Evaluator()
    converted = [[Card.new(card) for card in hand] for hand in hands]

    def treys_eval(cards):  # type: ignore[no-untyped-def]
        return evaluator.evaluate(cards[:2], cards[2:])

    theirs = rate(treys_eval, converted)
    print(f"treys Evaluator.evaluate: {theirs:,.0f} seven-card evaluations per second")
    print(f"ratio director / treys: {ours / theirs:.2f}x")
    # Both must agree on which of two hands is better.
    disagreements = 0
    for first, second, a, b in zip(
        hands[:2000], hands[1:2001], converted[:2000], converted[1:2001], strict=True
    ):
        ours_cmp = (evaluate(first) > evaluate(second)) - (evaluate(first) < evaluate(second))
        # treys: lower is better
        theirs_cmp = (treys_eval(b) > treys_eval(a)) - (treys_eval(b) < treys_eval(a))
        disagreements += ours_cmp != theirs_cmp
    print(f"disagreements with treys on 2,000 pairs of hands: {disagreements}")


if __name__ == "__main__":
    main()
