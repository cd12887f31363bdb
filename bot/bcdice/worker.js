// The BCDice worker: one long-lived Node process that rolls commands of BCDice's game systems
// for the bot, one JSON object a line on stdin and stdout.
//
//   argv[2]: the folder holding node_modules/bcdice (the bot installs it in .bcdice/)
//   ->  {"id": 1, "op": "roll", "system": "Cthulhu7th", "command": "CC<=50", "dice": "bot"}
//   <-  {"id": 1, "die": 100}        only with "dice": "bot": the bot's die source decides
//   ->  {"id": 1, "value": 42}
//   <-  {"id": 1, "ok": true, "result": {"text": ..., "rands": [[100, 42]], ...} | null}
//   ops: "roll", "info" (name, help, command pattern), "systems" (the list), "stats".
//
// Reads are synchronous (fs.readSync on fd 0) so that a die asked of the bot in the middle of
// BCDice's synchronous eval can be answered before eval goes on.
"use strict";
const fs = require("fs");
const path = require("path");

const home = path.resolve(process.argv[2] || ".");
const bcdice = require(path.join(home, "node_modules", "bcdice"));
const { BCDice, I18n } = require(path.join(home, "node_modules", "bcdice", "lib", "internal"));
const loader = new bcdice.DynamicLoader();
const loaded = new Map();

let pending = "";
const chunk = Buffer.alloc(65536);
const pause = new Int32Array(new SharedArrayBuffer(4));

function readLine() {
  for (;;) {
    const end = pending.indexOf("\n");
    if (end >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      return line;
    }
    let n;
    try {
      n = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (error) {
      if (error.code === "EAGAIN") { Atomics.wait(pause, 0, 0, 2); continue; }
      if (error.code === "EOF") return null;
      throw error;
    }
    if (n === 0) return null;  // the bot closed our stdin: stop
    pending += chunk.toString("utf8", 0, n);
  }
}

function write(message) {
  const data = Buffer.from(JSON.stringify(message) + "\n", "utf8");
  let done = 0;
  while (done < data.length) {
    try {
      done += fs.writeSync(1, data, done);
    } catch (error) {
      if (error.code !== "EAGAIN") throw error;
      Atomics.wait(pause, 0, 0, 2);
    }
  }
}

async function gameSystem(id) {
  let found = loaded.get(id);
  if (found === undefined) {
    if (!loader.listAvailableGameSystems().some((s) => s.id === id)) {
      const error = new Error(id);
      error.code = "unknown_system";
      throw error;
    }
    found = await loader.dynamicLoad(id);
    loaded.set(id, found);
  }
  return found;
}

function askTheBot(id) {
  // Each die is the bot's: a request line, then the answer line.
  return (sides) => {
    write({ id, die: sides });
    const line = readLine();
    if (line === null) process.exit(0);
    const answer = JSON.parse(line);
    const value = answer.value;
    if (!Number.isInteger(value) || value < 1 || value > sides) {
      throw new Error(`die source gave ${value} for a ${sides}-sided die`);
    }
    return value;
  };
}

async function roll(request) {
  const GameSystem = await gameSystem(request.system);
  const game = new GameSystem(String(request.command));
  if (request.dice === "bot") {
    Object.assign(game.randomizer, { $random: askTheBot(request.id) });
  }
  const result = game.eval();
  if (!result) return null;
  return {
    text: result.text,
    secret: result.secret,
    success: result.success,
    failure: result.failure,
    critical: result.critical,
    fumble: result.fumble,
    rands: result.rands,
  };
}

async function info(request) {
  const GameSystem = await gameSystem(request.system);
  const pattern = GameSystem.COMMAND_PATTERN;
  return {
    id: GameSystem.ID,
    name: GameSystem.NAME,
    sort_key: GameSystem.SORT_KEY,
    help: GameSystem.HELP_MESSAGE,
    pattern: pattern.source,
    flags: pattern.flags,
  };
}

function systems() {
  return loader.listAvailableGameSystems().map((s) => ({
    id: s.id, name: s.name, sort_key: s.sortKey, locale: s.locale,
  }));
}

function stats() {
  return { rss: process.memoryUsage().rss, loaded: loaded.size };
}

async function answer(request) {
  switch (request.op) {
    case "roll": return roll(request);
    case "info": return info(request);
    case "systems": return systems();
    case "stats": return stats();
    default: {
      const error = new Error(String(request.op));
      error.code = "unknown_op";
      throw error;
    }
  }
}

async function main() {
  write({ ready: true, version: bcdice.Version, node: process.versions.node });
  for (;;) {
    const line = readLine();
    if (line === null) return;
    if (!line.trim()) continue;
    let request;
    try {
      request = JSON.parse(line);
    } catch (error) {
      write({ id: null, ok: false, error: "bad_request", detail: String(error.message) });
      continue;
    }
    try {
      write({ id: request.id, ok: true, result: await answer(request) });
    } catch (error) {
      // BCDice's own errors (too many dice …) may carry no message: their name says it then
      const detail = String(error.message || error.name || error);
      write({ id: request.id, ok: false, error: error.code || "failed", detail });
    }
  }
}

main().then(() => process.exit(0), (error) => {
  process.stderr.write(String(error && error.stack || error) + "\n");
  process.exit(1);
});
