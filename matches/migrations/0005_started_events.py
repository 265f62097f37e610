"""Every match under way logs its start (`started`, with the starting position) since there is one way to
create a match (`pipeline.match_create`). The matches created before without it, campaign matches (and any
demo match from before the demo logged its start), get it here, at version 0: before everything else in
their log, so the versions already logged and sent stay as they were.

The starting position is known when nothing has changed the rules state since the match was created (no
phase resolved, no referee correction, no split-LOS choice, no end): it is the match's state now. For a match
already played it cannot be known, because the log keeps what each phase did, not the position before it:
its `started` then carries no state and says so (`"start": "unknown"`), and such a match cannot be replayed,
verified (`verify_match` says why) or have a phase annulled.
"""

from django.db import migrations

# The events after which the rules state is no longer the one the match was created with.
STATE_CHANGES = ("playback", "annulled", "overridden", "los_side", "finished")


def log_the_start(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    Event = apps.get_model("matches", "Event")
    unlogged = Match.objects.exclude(status="open").exclude(events__kind="started")
    for match in unlogged.iterator():
        payload = {"options": match.options, "seed_hash": match.seed_hash}
        if match.events.filter(kind__in=STATE_CHANGES).exists():
            payload["start"] = "unknown"
        else:
            payload["state"] = match.state
        event = Event.objects.create(match=match, version=0, kind="started", payload=payload)
        # Logged when the match was created, so a phase deadline still runs from then.
        Event.objects.filter(pk=event.pk).update(created_at=match.created_at)


def forget_the_start(apps, schema_editor):
    # Only this migration logs an event at version 0.
    apps.get_model("matches", "Event").objects.filter(version=0, kind="started").delete()


class Migration(migrations.Migration):
    dependencies = [("matches", "0004_reactions")]

    operations = [migrations.RunPython(log_the_start, forget_the_start)]
