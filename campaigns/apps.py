from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "campaigns"

    def ready(self) -> None:
        from campaigns import checks  # noqa: F401  Django registers checks and receivers in ready(), once models load
        from campaigns.table import (
            signals,  # noqa: F401  Django registers checks and receivers in ready(), once models load
            state,
        )

        state.watch()  # every installed model's, the systems' apps included: all are loaded by now
