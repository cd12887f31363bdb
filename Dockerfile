# The bot in a container: python:3.11-slim, the package installed from this checkout (the
# wheel carries the grammar and the migrations), data in the /data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    DATABASE_URL=sqlite+aiosqlite:////data/bot.sqlite3
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
