# The bot in a container: python:3.11-slim, the package installed from this checkout (the
# wheel carries the grammar and the migrations), data in the /data volume.

# BCDice's engine for the systems we do not implement: Node and the npm package exactly as
# bot/bcdice/npm/package-lock.json pins it (the same install as tasks.py's, into /opt/bcdice).
FROM node:20-bookworm-slim AS bcdice
WORKDIR /opt/bcdice
COPY bot/bcdice/npm/package.json bot/bcdice/npm/package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    DATABASE_URL=sqlite+aiosqlite:////data/bot.sqlite3 \
    BCDICE_HOME=/opt/bcdice
# Node's binary needs the C++ runtime, which the slim image leaves out.
RUN apt-get update && apt-get install -y --no-install-recommends libstdc++6 \
    && rm -rf /var/lib/apt/lists/*
COPY --from=bcdice /usr/local/bin/node /usr/local/bin/node
COPY --from=bcdice /opt/bcdice /opt/bcdice
COPY pyproject.toml setup.py README.md LICENSE /src/
COPY grammar /src/grammar
COPY migrations /src/migrations
COPY bot /src/bot
RUN pip install --no-cache-dir /src && rm -rf /src \
    && useradd --create-home bot && mkdir /data && chown bot /data
USER bot
WORKDIR /home/bot
VOLUME ["/data"]
# Exec form: python is PID 1 and gets docker stop's SIGTERM itself; the bot closes on it
# (trackers drawn, database closed) and exits 0 within 5 s.
CMD ["python", "-m", "bot"]
