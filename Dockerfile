# The bot in a container: python:3.11-slim, the package installed, data in /data.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    DATABASE_URL=sqlite+aiosqlite:////data/bot.sqlite3
WORKDIR /app
COPY pyproject.toml README.md alembic.ini ./
COPY grammar grammar
COPY migrations migrations
COPY bot bot
RUN pip install --no-cache-dir -e . && useradd --create-home bot && mkdir /data && chown bot /data
USER bot
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
