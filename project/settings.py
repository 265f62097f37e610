"""Django settings for Árbitro, read from the environment.

With no environment at all the app runs on embedded defaults (SQLite file, in-memory channel layer), so a
newcomer needs no service; `DATABASE_URL` and `REDIS_URL` switch to PostgreSQL and Redis.
"""

import os
from pathlib import Path

import dj_database_url
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_flag("DJANGO_DEBUG", True)
# The fallback key is only good for local development; a deployment sets DJANGO_SECRET_KEY.
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-insecure-key-arbitro")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "matches",
    "matches.campaigns",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language follows the browser (Accept-Language) unless the viewer picked one (the language cookie).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "project.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = None
ASGI_APPLICATION = "project.asgi.application"

DATABASES = {
    # An empty DATABASE_URL is the default too (dj_database_url.config would make it no database at all).
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # Keeping connections open is the measured fix for the slowest path (bench/README.md): a new
        # PostgreSQL connection per database call tripled the time of a 1,000-socket storm and halved the
        # resolutions per second of 50 concurrent matches. A connection that broke is still closed after
        # the call that found it broken; health checks would cost 13 % of a storm's CPU.
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "600")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default takes two writers at once (two players accepting, a bot's thread beside a person):
    # a deferred transaction that read first failed at once with "database is locked"; an immediate one waits.
    DATABASES["default"]["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20}
# Engineers sharing one PostgreSQL server give their test runs different databases (pytest-django otherwise
# creates and drops "test_<name>" under everyone's feet).
if os.environ.get("DATABASE_TEST_NAME"):
    DATABASES["default"]["TEST"] = {"NAME": os.environ["DATABASE_TEST_NAME"]}

REDIS_URL = os.environ.get("REDIS_URL")
# redis-py's default pool of 100 connections fails handshakes in a connection storm.
REDIS_MAX_CONNECTIONS = int(os.environ.get("REDIS_MAX_CONNECTIONS", "1000"))
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                # The hub keeps one subscription per match per process, so queues stay short; the raised
                # capacity only absorbs bursts (the default of 100 drops messages silently).
                # More Redis servers (`REDIS_SHARDS`, space-separated URLs) shard the layer: channels_redis puts
                # each group and each process's channel on one of them by a hash of its name (deploy/README.md).
                "hosts": [
                    {
                        "address": address,
                        "max_connections": REDIS_MAX_CONNECTIONS,
                        # channels_redis waits on Redis in 5 s blocking reads; redis-py 8's default 5 s
                        # socket timeout cut every one of them short with a TimeoutError.
                        "socket_timeout": 15,
                        # channels_redis's pools never retry: after Redis restarted, each pooled connection
                        # failed its next command, whenever that came (a publish lost, a renewal missed).
                        # Reconnected and tried again (up to 3 times, 0.2 to 0.8 s apart) instead
                        # (tests/faults/test_stale_redis_connections.py).
                        "retry": Retry(ExponentialBackoff(cap=1.0, base=0.1), 3, supported_errors=(RedisConnectionError,)),
                    }
                    for address in [REDIS_URL, *os.environ.get("REDIS_SHARDS", "").split()]
                ],
                "capacity": 5000,
                "expiry": 60,
                # Runs sharing one Redis server (the e2e server of each test run) keep apart by prefix.
                "prefix": os.environ.get("CHANNEL_LAYER_PREFIX", "asgi"),
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer", "CONFIG": {"capacity": 5000}}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "es"  # the seeds and their players speak Spanish: the default without Accept-Language
LANGUAGES = [("es", "Español"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# The Vite build output (see frontend/vite.config.ts); Daphne serves it through the static handler in asgi.py.
FRONTEND_DIST = BASE_DIR / "frontend" / "dist"
STATICFILES_DIRS = [FRONTEND_DIST] if FRONTEND_DIST.is_dir() else []

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

REST_FRAMEWORK = {
    # Session for the browser, a token (`manage.py drf_create_token USER`) for scripts.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    # DRF's three, the JSON one answering JSON nested too deep with a coded error.
    "DEFAULT_PARSER_CLASSES": [
        "matches.api_parsers.JSONParser", "rest_framework.parsers.FormParser", "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "matches.api.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Árbitro API",
    "DESCRIPTION": "Matches and player views of the Árbitro BattleTech referee.",
    "VERSION": "0.1.0",
}

# How many missed events a reconnecting client (`?v=N`) is sent before it gets a full snapshot instead.
ARBITRO_MAX_CATCH_UP_EVENTS = 50
# How long a reaction window waits for the units it asks before their answers count as passes (matches/reactions.py).
ARBITRO_REACTION_SECONDS = int(os.environ.get("ARBITRO_REACTION_SECONDS", "120"))
# How often each Daphne process expires missed phase deadlines and reaction windows (matches/sweeper.py); 0 turns
# it off (then run `manage.py matches_expire_deadlines` from cron).
ARBITRO_DEADLINE_SWEEP_SECONDS = float(os.environ.get("ARBITRO_DEADLINE_SWEEP_SECONDS", "5"))
# How long the server waits for a bot's decision before it sends the bot's fallback orders (matches/bots.py).
ARBITRO_BOT_SECONDS = float(os.environ.get("ARBITRO_BOT_SECONDS", "5"))
# Per websocket: at most this many messages in this many seconds (plotting a path sends one per click).
ARBITRO_SOCKET_RATE = (40, 10)
# Per user and match: at most this many chat messages in this many seconds.
ARBITRO_CHAT_RATE = (5, 10)
# Threads per process that run plots and submits (matches/consumers.py). Each waits on PostgreSQL far longer
# than it computes, so a few let those waits overlap; each thread keeps its own database connection.
ARBITRO_ORDER_THREADS = int(os.environ.get("ARBITRO_ORDER_THREADS", "4"))
# Threads per process that run a socket's reads on connecting (its login, stream and snapshot): a reconnection
# storm's connects wait on PostgreSQL side by side instead of one after another (matches/socket_reads.py).
ARBITRO_READ_THREADS = int(os.environ.get("ARBITRO_READ_THREADS", "4"))
# Both pools started whole, each thread connected, when a server process starts (matches/pools.py), not as the
# first requests come: their cost is paid before anyone waits on it. "false": started as tasks need them.
ARBITRO_START_POOLS = env_flag("ARBITRO_START_POOLS", True)
# Daphne sends a frame to a socket at once when nothing is queued for it (matches/direct_writes.py).
ARBITRO_DIRECT_WRITES = os.environ.get("ARBITRO_DIRECT_WRITES", "true").lower() != "false"
