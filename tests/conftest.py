"""Settings for every test run."""

from django.conf import settings

# No deadline sweeper in the test process (project.asgi starts one when imported): tests pass `now` to the
# expiries themselves, and a second writer would act on the test database behind their backs. The servers the
# e2e and fault tests start are separate processes and sweep as `make run` does.
settings.ARBITRO_DEADLINE_SWEEP_SECONDS = 0
# Nor pools connected when project.asgi is imported: their threads would hold connections to the database named
# before pytest-django made the test one (tests/matches/test_pools_started.py starts them itself).
settings.ARBITRO_START_POOLS = False
