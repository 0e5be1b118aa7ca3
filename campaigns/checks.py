from django.conf import settings
from django.core.checks import Error, Tags, register


@register(Tags.security, deploy=True)
def secret_key_is_configured(app_configs, **kwargs):
    if settings.SECRET_KEY_FROM_ENVIRONMENT:
        return []
    return [
        Error(
            "SECRET_KEY is not set: each process makes up its own, so log-ins break on restart.",
            hint="Set SECRET_KEY in the environment to a long random value.",
            id="fivefold.E001",
        )
    ]
