from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches.campaigns"
    label = "campaigns"
    verbose_name = "Campaigns"
