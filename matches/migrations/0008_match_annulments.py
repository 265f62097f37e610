"""Match.annulments: how many phases the referee has annulled, counted from each match's log (with a default in the
database too, so a tree that predates the column can still create matches in a database it shares)."""

from django.db import migrations, models


def count_annulments(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    Event = apps.get_model("matches", "Event")
    counts = models.Count("id")
    for row in Event.objects.filter(kind="annulled").values("match_id").annotate(count=counts):
        Match.objects.filter(pk=row["match_id"]).update(annulments=row["count"])


class Migration(migrations.Migration):

    dependencies = [
        ("matches", "0007_rematch"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="annulments",
            field=models.PositiveIntegerField(default=0, db_default=0, editable=False),
        ),
        migrations.RunPython(count_annulments, migrations.RunPython.noop),
    ]
