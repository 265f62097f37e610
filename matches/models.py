"""A match, its seats, its secret orders and its append-only event log.

The rules state lives in `Match.state` as its ruleset's JSON (`ruleset.state_to_json`); the
columns `turn` and `phase` mirror it so queries and the admin need not decode it.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

from rules.rulesets import DEFAULT_RULESET


def new_seed() -> str:
    return secrets.token_hex(16)


def seed_hash(seed: str) -> str:
    """Published at the start so players can check every roll once the seed is revealed (issue 7)."""
    return hashlib.sha256(seed.encode()).hexdigest()


def phase_dice_seed(seed: str, turn: int, phase: str, attempt: int) -> str:
    """One dice stream per phase, derived from the secret seed so every resolution can be replayed. A phase
    the referee annulled is resolved again on a fresh stream (attempt 1, 2, ...): everyone saw the old dice."""
    stream = f"{seed}:{turn}:{phase}"
    return stream if attempt == 0 else f"{stream}:{attempt}"


class Match(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Open"
        IN_PROGRESS = "in_progress", "In progress"
        # Stopped by the referee: no orders are taken and no deadline runs.
        PAUSED = "paused", "Paused"
        FINISHED = "finished", "Finished"
        ABORTED = "aborted", "Aborted"

    title = models.CharField(max_length=100, blank=True)
    ruleset = models.CharField(max_length=30, default=DEFAULT_RULESET)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.OPEN)
    # Bumped once per appended event; every frame carries it as `v`.
    version = models.PositiveIntegerField(default=0)
    seed = models.CharField(max_length=64, default=new_seed, editable=False)
    seed_hash = models.CharField(max_length=64, editable=False)
    turn = models.PositiveIntegerField(default=1)
    phase = models.CharField(max_length=30, blank=True)
    state = models.JSONField()
    options = models.JSONField(default=dict, blank=True)
    # Opened the match in the lobby: the only one who may change its options.
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="hosted_matches"
    )
    # How many phases the referee has annulled (the log's `annulled` events): while none, a resolution's dice
    # stream is its phase's first without counting them (services.phase_resolve).
    annulments = models.PositiveIntegerField(default=0, db_default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "matches"
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.title or f"Match {self.pk}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.seed_hash = seed_hash(self.seed)
        super().save(*args, **kwargs)


class Participant(models.Model):
    class Role(models.TextChoices):
        PLAYER = "player", "Player"
        REFEREE = "referee", "Referee"
        SPECTATOR = "spectator", "Spectator"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="participants")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="participations")
    role = models.CharField(max_length=20, choices=Role.choices, default=Role.PLAYER)
    # The rules state's side name (a unit's `side`); empty for referees and spectators.
    side = models.CharField(max_length=30, blank=True)
    # A player's acceptance of the match's current options; any change of the options clears it.
    accepted = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="one_seat_per_user"),
            models.UniqueConstraint(
                fields=["match", "side"], condition=~models.Q(side=""), name="one_player_per_side"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} as {self.role} {self.side}".strip()


class Order(models.Model):
    """A unit's order for one phase: secret until the phase resolves."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="orders")
    turn = models.PositiveIntegerField()
    phase = models.CharField(max_length=30)
    unit = models.CharField(max_length=30)
    side = models.CharField(max_length=30)
    order = models.JSONField()
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "turn", "phase", "unit"], name="one_order_per_unit_and_phase")
        ]

    def __str__(self) -> str:
        return f"{self.match} T{self.turn} {self.phase} {self.unit}"


class ReactionAnswer(models.Model):
    """A unit's answer to a reaction window of one resolution attempt of a phase: its reaction order, or a pass
    (`order` null). Secret until the phase resolves, like an order."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reaction_answers")
    turn = models.PositiveIntegerField()
    phase = models.CharField(max_length=30)
    attempt = models.PositiveIntegerField()
    window = models.CharField(max_length=100)
    unit = models.CharField(max_length=30)
    side = models.CharField(max_length=30)
    order = models.JSONField(null=True)
    # None: the server, passing for a unit whose window's deadline ran out.
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "turn", "phase", "attempt", "window", "unit"],
                                    name="one_answer_per_unit_and_window")
        ]

    def __str__(self) -> str:
        return f"{self.match} T{self.turn} {self.phase} {self.window} {self.unit}"


class ChatMessage(models.Model):
    """Players and spectators talk in separate rooms, so spectators cannot whisper to a player."""

    class Room(models.TextChoices):
        PLAYERS = "players", "Players"
        SPECTATORS = "spectators", "Spectators"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat_messages")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    room = models.CharField(max_length=20, choices=Room.choices)
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["match", "user", "created_at"])]

    def __str__(self) -> str:
        return f"{self.match} {self.room} {self.user}: {self.text[:30]}"


class PayloadField(models.JSONField):
    """A JSON column that Django's PostgreSQL bulk insert binds row by row (`VALUES`) rather than as one array
    per column (`UNNEST`): psycopg quotes a jsonb array's elements in Python, character escape by character
    escape, 8 % of a resolution's CPU (bench/README.md, issue 19). Deconstructed as a plain JSONField, so the
    migrations see no change."""

    def get_placeholder(self, value: Any, compiler: Any, connection: Any) -> str:
        return "%s"

    def deconstruct(self) -> Any:
        name, _, args, kwargs = super().deconstruct()
        return name, "django.db.models.JSONField", args, kwargs


class Event(models.Model):
    """Append-only log: every state change and dice roll of a match, in version order."""

    class Kind(models.TextChoices):
        SUBMITTED = "submitted", "Order submitted"
        PLAYBACK = "playback", "Phase resolved"
        JOINED = "joined", "Seat taken"
        LEFT = "left", "Seat given up"
        OPTIONS = "options", "Options changed"
        ACCEPTED = "accepted", "Options accepted or withdrawn"
        STARTED = "started", "Match started"
        EXPIRED = "expired", "Deadline passed"
        PAUSED = "paused", "Paused by the referee"
        RESUMED = "resumed", "Resumed by the referee"
        ANNULLED = "annulled", "Phase annulled by the referee"
        OVERRIDDEN = "overridden", "Unit state set by the referee"
        LOS_SIDE = "los_side", "Split line-of-sight side chosen"
        FINISHED = "finished", "Match finished"
        REACTION_WINDOW = "reaction_window", "Reaction asked"
        REACTED = "reacted", "Reaction given"
        WITHDRAWN = "withdrawn", "Order taken back"
        REMATCH = "rematch", "Rematch offered"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    version = models.PositiveIntegerField()
    kind = models.CharField(max_length=30, choices=Kind.choices)
    payload = PayloadField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["version"]
        constraints = [models.UniqueConstraint(fields=["match", "version"], name="one_event_per_version")]

    def __str__(self) -> str:
        return f"{self.match} v{self.version} {self.kind}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("events are append-only")
        super().save(*args, **kwargs)
