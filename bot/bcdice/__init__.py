"""BCDice's own engine for the game systems we do not implement: a Node worker running the
npm package ``bcdice`` (installed in ``.bcdice/``), or a BCDice-API server
(``BCDICE_API_URL``). Both implement ``bot.dice.remote.RemoteDice``."""
