"""The server's own work per new game, as load A makes one after each finished game, in process
(no HTTP, no sockets, no thread hops): `Repository.create` of a five-seat Battlestar Galactica
game, then for each seat what its socket asks when it connects (the game and the token's seat,
its first whole state, the table chat's newest page, its standing choices), and what each asks
once the game is over (the spectators' chat, the rematch). CPU time of the process per game;
prints figures, asserts nothing.

    python -m bench.new_game [--games 40] [--seed 0]

Under `valgrind --tool=cachegrind` the difference of two runs with different `--games`, divided
by the difference, counts the instructions per game.
"""

from __future__ import annotations

import argparse
import gc
import time

from app.store.chat import PAGE, SPECTATORS, TABLE, Chat
from app.store.repository import Repository
from app.store.standing import described
from bench.games import temporary_repository

PLAYERS = 5


def new_game(repo: Repository, chat: Chat, seed: int) -> int:
    """One new game as the server sees it; the length of every message made, as a check."""
    made = 0
    created = repo.create("bsg", [f"P{i + 1}" for i in range(PLAYERS)], {}, seed=seed)
    for seat, token in enumerate(created.tokens):
        live = repo.live(created.id)
        assert repo.seat_for(live, token) == seat
        made += len(repo.state_message(live, seat)[1])
        made += len(chat.recent(created.id, [TABLE], PAGE)[0])
        made += len(described(live.rules, repo.standing(live, seat))["choices"])
    for _ in created.tokens:  # the end: the spectators' channel opens, a rematch may exist
        made += len(chat.recent(created.id, [SPECTATORS], PAGE)[0])
        assert repo.rematch_id(created.id) is None
    return made


def run(games: int, seed: int) -> dict[str, float]:
    with temporary_repository() as repo:
        chat = Chat(repo)
        new_game(repo, chat, seed - 1)  # first-use caches of SQLAlchemy and the rules
        gc.collect()
        started = time.process_time()
        made = sum(new_game(repo, chat, seed * 1000 + n) for n in range(games))
        cpu = time.process_time() - started
    return {"games": games, "cpu_ms": cpu / games * 1e3, "made": made}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    f = run(args.games, args.seed)
    print(f"{f['games']} new games: {f['cpu_ms']:.2f} ms of CPU per game "
          f"(bytes and items made: {f['made']:,})")


if __name__ == "__main__":
    main()
