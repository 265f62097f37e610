"""The servers with Twisted's own buffered writes (matches/direct_writes.py not installed), to measure what
sending at once saves: BENCH_SETTINGS_MODULE=bench.settings_buffered_writes."""

from project.settings import *  # noqa: F403

ARBITRO_DIRECT_WRITES = False
