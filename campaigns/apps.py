from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "campaigns"
