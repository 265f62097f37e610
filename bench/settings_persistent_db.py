"""The servers with persistent database connections (CONN_MAX_AGE=None) instead of a new PostgreSQL
connection for every database call: BENCH_SETTINGS_MODULE=bench.settings_persistent_db."""

from project.settings import *  # noqa: F403
from project.settings import DATABASES

DATABASES["default"]["CONN_MAX_AGE"] = None
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
