"""Bridge over duplicate deals: this tree's competent player against another tree's, in lock step.

Run: ``PYTHONPATH=src .venv/bin/python docs/experiments/bridge_auctions.py --base BASE_SRC [--deals 200]
[--iterations 100] [--seed 1] [--calls search|system] [--keep 50] [--out FILE]``, where BASE_SRC is the
``src`` folder of the other version (for the 2026-11-28 page, ``git archive ede6432 src``). A worker process
runs that version's engine and player; this process runs this tree's. Each deal is the first deal of a
Bridge game seeded ``seed + deal`` (nobody vulnerable), played twice: this tree's player North-South and
the other's East-West, then the other way round. Both engines hold the same game; each seat's action is
chosen by its side's player and applied to both (the state arrays are checked equal after every move).
Every seat is the competent MCTS player (``agents.competent``) with ``--iterations`` iterations, a
search generator per side seeded from the deal. ``--calls system`` lets this tree's seats make their
calls by the greedy call (the bidding system) instead of the search. Prints a summary, and writes the
first ``--keep`` auctions with the four hands to ``--out`` (Markdown) when given.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from typing import Any

import numpy as np

from darwindeck.agents.competent import competent_params
from darwindeck.agents.determinize import new_knowledge, observe, reset_knowledge
from darwindeck.agents.mcts import new_tree, search
from darwindeck.engine import layout as L
from darwindeck.engine.policies import greedy_choice
from darwindeck.engine.rng import game_seed
from darwindeck.engine.state_api import GameState
from darwindeck.genome.library.tricks import bridge

SEATS = "NESW"
SUITS = "♥♦♣♠"  # engine suit order
RANKS = "23456789TJQKA"
STRAINS = ("♣", "♦", "♥", "♠", "NT")


class Side:
    """One version's player for every seat it holds, mirroring the game."""

    def __init__(self, deal_seed: int, iterations: int, stream: int) -> None:
        self.state = GameState.new(bridge(), deal_seed)
        self.knowledge = new_knowledge()
        reset_knowledge(self.knowledge, int(self.state.array[L.S_HAND_NO]))
        self.params = competent_params(self.state.genome, iterations)
        self.tree = new_tree(iterations + 1)
        self.scratch = np.empty(L.STATE_SIZE, dtype=np.int64)
        self.rng = np.array([game_seed(deal_seed, 7, stream)], dtype=np.int64)

    def choose(self, system_calls: bool) -> int:
        state = self.state
        if system_calls and in_auction(state.array):
            return int(greedy_choice(state.program, state.array))
        seat = state.current_player
        return int(
            search(
                state.program,
                state.array,
                self.knowledge[seat],
                self.params[seat],
                self.rng,
                self.tree,
                self.scratch,
            )
        )

    def apply(self, action: int) -> None:
        before = self.state.array.copy()
        self.state.apply_action(action)
        observe(self.state.program, before, self.state.array, action, self.knowledge)


def rules_sum(array: Any) -> int:
    """The state's sum without the cells the bidding system added (``auction.FIRST_BID_CELL``, the cell
    before it), which the other version does not keep."""
    extra = array[L.B_STRAIN_FIRST + L.N_STRAINS] + array[L.B_STRAIN_FIRST + L.N_STRAINS + 1]
    return int(array.sum() - extra)


def in_auction(array: Any) -> bool:
    return bool(array[L.S_DECLARER] < 0 and array[L.S_HANDS_PLAYED] == 0)


def worker() -> None:
    """Serve ``new``/``choose``/``apply`` requests, one JSON line each, on stdin."""
    side: Side | None = None
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["cmd"] == "new":
            side = Side(msg["seed"], msg["iterations"], msg["stream"])
            reply: Any = 0
        elif msg["cmd"] == "choose":
            assert side is not None
            reply = side.choose(False)
        else:
            assert side is not None
            side.apply(msg["action"])
            reply = rules_sum(side.state.array)
        print(json.dumps(reply), flush=True)


class Remote:
    def __init__(self, base: str) -> None:
        env = dict(os.environ, PYTHONPATH=base)
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def ask(self, **msg: Any) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())


def hand_text(cards: tuple[int, ...]) -> str:
    by_suit = {s: sorted((c % 13 for c in cards if c // 13 == s), reverse=True) for s in range(4)}
    return " ".join(SUITS[s] + ("".join(RANKS[r] for r in by_suit[s]) or "—") for s in (3, 0, 1, 2))


def hcp(cards: tuple[int, ...]) -> int:
    return sum(max(c % 13 - 8, 0) for c in cards)


def call_text(action: int) -> str:
    if action == L.A_PASS:
        return "pass"
    if action == L.A_DOUBLE:
        return "X"
    if action == L.A_REDOUBLE:
        return "XX"
    contract = action - L.A_CONTRACT0
    return f"{contract // 5 + 1}{STRAINS[contract % 5]}"


def play_table(
    remote: Remote, seed: int, iterations: int, new_ns: bool, system_calls: bool, only: str = ""
) -> dict[str, Any]:
    """One table of one deal; the record of its auction and result. ``only`` "new" or "old" seats that
    version's player everywhere."""
    local = Side(seed, iterations, 1)
    remote.ask(cmd="new", seed=seed, iterations=iterations, stream=2)
    arr = local.state.array
    hands = [local.state.hand(p) for p in range(4)]
    calls: list[tuple[int, int]] = []
    contract = declarer = doubled = -1
    while arr[L.S_HANDS_PLAYED] == 0 and arr[L.S_HAND_NO] == 1 and not local.state.is_terminal():
        seat = local.state.current_player
        ours = (seat % 2 == 0) == new_ns if not only else only == "new"
        action = local.choose(system_calls) if ours else int(remote.ask(cmd="choose"))
        auction = in_auction(arr)
        local.apply(action)
        check = remote.ask(cmd="apply", action=action)
        assert check == rules_sum(arr), "the two engines diverged"
        if auction:
            calls.append((seat, action))
            if arr[L.S_DECLARER] >= 0:
                contract, declarer, doubled = (
                    int(arr[L.S_CONTRACT]),
                    int(arr[L.S_DECLARER]),
                    int(arr[L.S_DOUBLED]),
                )
    ns = int(arr[L.B_TEAM_SCORE]) - int(arr[L.B_TEAM_SCORE + 1]) if declarer >= 0 else 0
    return {
        "seed": seed,
        "new_ns": new_ns,
        "hands": hands,
        "calls": calls,
        "contract": contract,
        "declarer": declarer,
        "doubled": doubled,
        "made": declarer >= 0 and int(arr[L.S_BIDS_MET]) > 0,
        "ns": ns,
    }


def contract_text(t: dict[str, Any]) -> str:
    if t["declarer"] < 0:
        return "passed out"
    suffix = ["", "X", "XX"][t["doubled"]]
    made = "made" if t["made"] else "down"
    return f"{call_text(L.A_CONTRACT0 + t['contract'])}{suffix} by {SEATS[t['declarer']]}, {made}"


def auction_markdown(t: dict[str, Any]) -> str:
    new = "NS" if t["new_ns"] else "EW"
    lines = [f"### Deal {t['seed']}, new player {new}: {contract_text(t)}, NS {t['ns']:+d}", ""]
    for p in range(4):
        lines.append(f"- {SEATS[p]} ({hcp(t['hands'][p])} HCP): {hand_text(t['hands'][p])}")
    lines.append("")
    lines.append("```text")
    lines.append("  ".join(f"{SEATS[s]} {call_text(a)}" for s, a in t["calls"]))
    lines.append("```")
    return "\n".join(lines)


def summarise(tables: list[dict[str, Any]]) -> dict[str, float]:
    out: dict[str, float] = {}
    for side in ("new", "old"):
        declared = [
            t
            for t in tables
            if t["declarer"] >= 0 and ((t["declarer"] % 2 == 0) == t["new_ns"]) == (side == "new")
        ]
        out[f"{side}_declared"] = len(declared)
        out[f"{side}_made"] = sum(t["made"] for t in declared)
    nets = [t["ns"] if t["new_ns"] else -t["ns"] for t in tables]
    out["new_net_mean"] = float(np.mean(nets))
    per_deal = [nets[i] + nets[i + 1] for i in range(0, len(nets) - 1, 2)]
    if len(per_deal) > 1:
        out["new_net_per_deal_mean"] = float(np.mean(per_deal))
        out["new_net_per_deal_se"] = float(np.std(per_deal, ddof=1) / np.sqrt(len(per_deal)))
    out["passed_out"] = sum(t["declarer"] < 0 for t in tables)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--worker", action="store_true")
    parser.add_argument("--base", default="")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--calls", choices=("search", "system"), default="search")
    parser.add_argument("--only", choices=("", "new", "old"), default="")
    parser.add_argument("--keep", type=int, default=50)
    parser.add_argument("--out", default="")
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    remote = Remote(args.base)
    tables = []
    for d in range(args.deals):
        for new_ns in (True,) if args.only else (True, False):
            system_calls = args.calls == "system"
            tables.append(play_table(remote, args.seed + d, args.iterations, new_ns, system_calls, args.only))
        if (d + 1) % 10 == 0:
            print(d + 1, json.dumps(summarise(tables)), flush=True)
            save(tables, args.json, args.out, args.keep)
    print(json.dumps(summarise(tables)))
    save(tables, args.json, args.out, args.keep)


def save(tables: list[dict[str, Any]], json_path: str, out: str, keep: int) -> None:
    """The tables so far as JSON, and the first ``keep`` auctions as Markdown."""
    if json_path:
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump(tables, f)
    if out:
        with open(out, "w", encoding="utf-8") as f:
            f.write("\n\n".join(auction_markdown(t) for t in tables[:keep]) + "\n")


if __name__ == "__main__":
    main()
