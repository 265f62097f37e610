"""The embedded default database (`make run` with no DATABASE_URL: a SQLite file) takes two writers at once: two
players accepting together, or a bot's thread answering while a person moves, wait for each other. A deferred
SQLite transaction that read before writing failed at once with "database is locked" (a 500 on the lobby page
while another request wrote); the settings open SQLite transactions IMMEDIATE, so the second writer waits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Two threads, each a transaction that reads, waits for the other to read too, then writes.
TWO_WRITERS = """
import threading
import django
django.setup()
from django.db import connection, connections, transaction
with connection.cursor() as cursor:
    cursor.execute("CREATE TABLE seat (n integer)")
both_read = threading.Barrier(2, timeout=2)
failures = []

def write(n):
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM seat")
            try:
                both_read.wait()
            except threading.BrokenBarrierError:
                pass  # the other transaction waits for this one to begin: it did not read first
            cursor.execute("INSERT INTO seat VALUES (%s)", [n])
    except Exception as error:
        failures.append(repr(error))
    finally:
        connections.close_all()

threads = [threading.Thread(target=write, args=(n,)) for n in (1, 2)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
with connection.cursor() as cursor:
    cursor.execute("SELECT count(*) FROM seat")
    print(failures, cursor.fetchone()[0])
"""


def test_two_writers_on_the_default_sqlite_database_wait_for_each_other(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "REDIS_URL")}
    env |= {"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}", "DJANGO_SETTINGS_MODULE": "project.settings"}
    done = subprocess.run([sys.executable, "-c", TWO_WRITERS], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[-2] == "[] 2"
