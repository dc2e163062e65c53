# Tabletop games for Discord (Love Letter, The Hobbit Adventure Boardgame).
# Build: docker build -t tabletop-bot .
# Run:   docker run -d --env-file .env -v tabletop-data:/data tabletop-bot
FROM python:3.11-slim

# DATABASE_PATH keeps the file name from before the bot hosted other games, so a volume made by
# an earlier image (the loveletter-bot one) keeps its games and tallies.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/loveletter.db

# An unprivileged user that owns the database volume.
RUN useradd --create-home --uid 10001 --user-group tabletop \
    && mkdir /data \
    && chown tabletop:tabletop /data

WORKDIR /app
COPY pyproject.toml setup.py README.md ./
COPY engine ./engine
COPY storage ./storage
COPY bot ./bot
COPY cogs ./cogs
RUN pip install --no-cache-dir .

USER 10001:10001
WORKDIR /data
VOLUME /data

# Healthy while the database reads and the bot's heartbeat (/data/loveletter.db.heartbeat,
# written every 15 s) is under a minute old: `docker ps` shows (healthy) / (unhealthy).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health"]

# `docker stop` sends SIGTERM: the bot finishes the moves in flight and exits 0 within 10 s.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
