"""Command line: python -m app serve | migrate | prune | simulate."""

from __future__ import annotations

import argparse
import sys

import orjson


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app", description="The Quorum server.")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the server (migrates the database first)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1)

    sub.add_parser("migrate", help="bring the database (DATABASE_URL) up to date")

    prune = sub.add_parser("prune", help="delete old finished games; list abandoned ones")
    prune.add_argument("--finished-before", metavar="AGE",
                       help="delete games that finished more than AGE ago (90d, 12h, 30m)")
    prune.add_argument("--idle-for", metavar="AGE",
                       help="list running games nobody has moved for more than AGE")
    prune.add_argument("--delete-idle", action="store_true",
                       help="delete the games --idle-for lists, too")
    prune.add_argument("--dry-run", action="store_true", help="delete nothing, only say what")

    sim = sub.add_parser("simulate", help="bots play whole games; prints one JSON line")
    sim.add_argument("--game", default="bsg")
    sim.add_argument("--players", type=int, default=5)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--options", default="{}", metavar="JSON",
                     help='the game\'s options, e.g. \'{"expansion": "daybreak"}\'')
    sim.add_argument("--bots", default="", metavar="NAMES",
                     help="a bot per seat, comma-separated (random,random,...); one name "
                          "plays every seat; default: random everywhere")
    sim.add_argument("--rotate", action="store_true",
                     help="move the bots on by one seat each game, so none always starts")

    args = parser.parse_args(argv)
    from app.config import Settings

    settings = Settings.from_env()
    if args.command == "serve":
        import uvicorn

        from app.store.database import migrate
        from app.web.wire import DirectWebSocketProtocol

        migrate(settings.database_url)
        print(f"Quorum on http://{args.host}:{args.port}/ (database {settings.database_url})",
              flush=True)
        # No per-message deflate: states are small and compressing every push for every socket
        # cost more CPU and memory per socket than it saved (bench/README.md).
        uvicorn.run("app.web.app:create_app", factory=True, host=args.host, port=args.port,
                    workers=args.workers, log_level="info", proxy_headers=True,
                    ws=DirectWebSocketProtocol, ws_per_message_deflate=False)
        return 0
    if args.command == "migrate":
        from app.store.database import migrate

        migrate(settings.database_url)
        print(f"database is up to date: {settings.database_url}")
        return 0
    if args.command == "prune":
        from app.prune_command import prune_command

        return prune_command(settings, args)
    if args.command == "simulate":
        from app.core import IllegalOptions, get_rules
        from app.simulate import UnknownBot, simulate
        from app.web.app import load_game_modules

        load_game_modules(settings.extra_games)
        rules = get_rules(args.game)
        if rules is None:
            print(f"unknown game {args.game!r}", file=sys.stderr)
            return 2
        try:
            options = orjson.loads(args.options)
        except orjson.JSONDecodeError as exc:
            print(f"--options is not JSON: {exc}", file=sys.stderr)
            return 2
        if not isinstance(options, dict):
            print("--options must be a JSON object", file=sys.stderr)
            return 2
        try:
            bots = [name.strip() for name in args.bots.split(",") if name.strip()]
            totals = simulate(rules, args.players, args.games, args.seed, options, bots,
                              args.rotate)
        except (IllegalOptions, UnknownBot) as exc:
            print(str(exc), file=sys.stderr)
            return 2
        print(orjson.dumps(totals).decode())
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
