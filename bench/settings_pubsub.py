"""The servers on channels_redis's pub/sub layer instead of the core (list-based) layer, for
bench_fanout.py and bench_scaleout.py to compare: BENCH_SETTINGS_MODULE=bench.settings_pubsub."""

from project.settings import *  # noqa: F403
from project.settings import CHANNEL_LAYERS

_core = CHANNEL_LAYERS["default"]
# Pub/sub keeps no queue in Redis, so the core layer's capacity and expiry have no meaning here.
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": _core["CONFIG"]["hosts"]},
    }
}
