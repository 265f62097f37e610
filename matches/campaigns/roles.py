"""Who runs a campaign: the "Organiser" group, staff who are not superusers.

An organiser may add, change, delete and view everything of the campaigns app and view the matches it
creates (the admin links each fixture to its match). The group is made by a data migration and kept
complete by every later migration that adds a campaign model; `campaign_demo` and `demo` put the demo
referee in it.
"""

from __future__ import annotations

from typing import Any

from django.apps import apps as live_apps
from django.contrib.auth.management import create_permissions

ORGANISER = "Organiser"
# The match tables an organiser reads (and never writes: matches change through their services).
MATCH_MODELS_READ = ("match", "participant", "event")


def organiser_group_ensure(apps: Any = live_apps) -> Any:
    """The Organiser group with every campaign permission and the match read permissions, made or completed.

    `apps` is a migration's historical registry or, by default, the running project's."""
    for label in ("campaigns", "matches"):
        config = apps.get_app_config(label)
        # Inside a migration the permissions of a newly migrated app do not exist yet (Django creates them
        # after `migrate`); creating them here is what Django would do then.
        config.models_module = getattr(config, "models_module", None) or True
        create_permissions(config, apps=apps, verbosity=0)
    group_model = apps.get_model("auth", "Group")
    permission_model = apps.get_model("auth", "Permission")
    group, _ = group_model.objects.get_or_create(name=ORGANISER)
    wanted = permission_model.objects.filter(content_type__app_label="campaigns") | permission_model.objects.filter(
        content_type__app_label="matches", codename__in=[f"view_{model}" for model in MATCH_MODELS_READ]
    )
    group.permissions.add(*wanted)
    return group


def organiser_grant(user: Any) -> None:
    """Makes `user` an organiser: staff (the admin lets them in) and in the Organiser group."""
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(organiser_group_ensure())
