"""The campaign's system's own stylesheet, linked by the base template after the app's: each
system keeps its styles in its own folder, and the generic stylesheet names none of them."""

from django import template
from django.templatetags.static import static
from django.utils.html import format_html

from campaigns.plugins import registry

register = template.Library()


@register.simple_tag
def system_stylesheet(campaign) -> str:
    """The link to its stylesheet; nothing outside a campaign's pages, for a system without one, or for
    a system taken away (whose campaign's page says so instead)."""
    key = getattr(campaign, "system", None)
    if not isinstance(key, str) or not registry.is_installed(key):
        return ""
    css = registry.get(key).css
    return format_html('<link rel="stylesheet" href="{}">', static(css)) if css else ""
