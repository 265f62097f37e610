"""The Organiser group: staff who run campaigns without being superusers."""

from django.db import migrations


def organiser_group(apps, schema_editor):  # type: ignore[no-untyped-def]
    from matches.campaigns.roles import organiser_group_ensure

    organiser_group_ensure(apps)


def no_group(apps, schema_editor):  # type: ignore[no-untyped-def]
    from matches.campaigns.roles import ORGANISER

    apps.get_model("auth", "Group").objects.filter(name=ORGANISER).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("matches", "0003_los_side"),
        ("campaigns", "0002_carried_condition"),
    ]

    operations = [migrations.RunPython(organiser_group, no_group)]
