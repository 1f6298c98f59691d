"""Computer players: seat agents that answer a seat's prompts from that seat's view alone.

`bot.py` says what a bot is, `registry.py` which bots a game offers (the core's `random` and a
game's own, `Rules.bots()`), `random_bot.py` is the core's own bot. The server plays bot seats
through the same door as a person (app/web/bot_seats.py); `python -m app simulate` pits them
against each other.
"""
