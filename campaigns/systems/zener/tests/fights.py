"""The GM's attack as the Zener tests post it: one attacker with ACC and 2 ranks, a 2d6 weapon, at the target's
whole body in no armour at range 0 (Kai needs 18 on 3d6 against Ren), each test changing what it is about."""

from django.urls import reverse

from campaigns.models import Roll

# What htmx sends with a form it posts: the views answer a refusal with the form again (422), not a redirect.
HX = {"HTTP_HX_REQUEST": "true"}

ATTACK = {
    "stat": "ACC",
    "ranks": "2",
    "weapon": "2d6",
    "armour": "0",
    "size": "0",
    "range_": "0",
    "aiming": "0",
    "circumstance": "0",
}


def attack(client, campaign, attacker, target, headers=None, **changes):
    """The attack form posted by `client` (the GM's), with `changes` to the fields; the response."""
    data = {"attacker": attacker.pk, "target": target.pk, **ATTACK} | changes
    return client.post(reverse("zener_attack", args=[campaign.pk]), data, **(headers or {}))


def attack_roll(client, campaign, attacker, target, **changes):
    """The attack with a 1d6 weapon at armour 10 (the aiming and follow-up tests' shot); the roll it made."""
    attack(client, campaign, attacker, target, **{"weapon": "1d6", "armour": "10"} | changes)
    return Roll.objects.filter(kind="zener_attack").latest("pk")
