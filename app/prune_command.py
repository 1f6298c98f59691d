"""`python -m app prune`: what it deletes and lists, said on standard output."""

from __future__ import annotations

import argparse
import sys

from app.config import Settings, parse_age
from app.store import prune
from app.store.database import migrate
from app.store.repository import Repository


def prune_command(settings: Settings, args: argparse.Namespace) -> int:
    if not args.finished_before and not args.idle_for:
        print("say what to prune: --finished-before AGE and/or --idle-for AGE", file=sys.stderr)
        return 2
    if args.delete_idle and not args.idle_for:
        print("--delete-idle needs --idle-for AGE", file=sys.stderr)
        return 2
    try:
        finished_age = parse_age(args.finished_before) if args.finished_before else None
        idle_age = parse_age(args.idle_for) if args.idle_for else None
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    migrate(settings.database_url)
    repo = Repository(settings)
    verb = "would delete" if args.dry_run else "deleted"
    try:
        if finished_age is not None:
            old = prune.finished_before(repo, finished_age)
            if not args.dry_run:
                prune.delete_games(repo, old)
            print(f"{verb} {len(old)} games finished more than {args.finished_before} ago")
        if idle_age is not None:
            idle = prune.idle_for(repo, idle_age)
            print(f"{len(idle)} running games idle for more than {args.idle_for}:")
            for game in idle:
                print(f"  {game.id}  {game.game}  move {game.version}  last moved "
                      f"{game.updated_at:%Y-%m-%d %H:%M}  {', '.join(game.players)}")
            if args.delete_idle:
                if not args.dry_run:
                    prune.delete_games(repo, [g.id for g in idle])
                print(f"{verb} {len(idle)} idle games")
    finally:
        repo.close()
    return 0
