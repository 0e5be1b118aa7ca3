from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from campaigns.models import Membership
from campaigns.table import actions

pytestmark = pytest.mark.django_db


def join_url(campaign):
    return reverse("join", args=[campaign.invite_token])


def test_gm_sees_the_invite_link_and_players_do_not(gm_client, player_client, campaign):
    assert (
        campaign.invite_token
        in gm_client.get(reverse("table", args=[campaign.pk]), {"tab": "session"}).content.decode()
    )
    for tab in ("", "session"):
        page = player_client.get(reverse("table", args=[campaign.pk]), {"tab": tab}).content.decode()
        assert campaign.invite_token not in page


def test_invite_tokens_are_long_and_unique(campaign, other_campaign):
    assert len(campaign.invite_token) >= 32
    assert campaign.invite_token != other_campaign.invite_token


def test_visitor_is_sent_to_log_in_or_sign_up_and_back(client, campaign):
    page = client.get(join_url(campaign)).content.decode()
    assert f"?next={join_url(campaign)}" in page.replace("%2F", "/")
    response = client.post(join_url(campaign))
    assert response.status_code == 302
    # The log-in page says the click did nothing (accounts.middleware), and the link comes back.
    assert response.url == f"{reverse('login')}?next={join_url(campaign)}&why=expired"
    assert not Membership.objects.filter(campaign=campaign).exclude(user__username="paul_player").exists()


def test_following_the_link_joins_as_a_player(outsider_client, outsider, campaign):
    assert "Join as a player" in outsider_client.get(join_url(campaign)).content.decode()
    response = outsider_client.post(join_url(campaign))
    assert response.status_code == 302
    assert response.url == reverse("table", args=[campaign.pk])
    assert Membership.objects.filter(campaign=campaign, user=outsider).exists()


def test_a_member_following_it_again_goes_straight_to_the_table_unwelcomed(player_client, campaign):
    """A returning member is not greeted as new (no step, no message)."""
    for response in (player_client.get(join_url(campaign)), player_client.post(join_url(campaign))):
        assert response.status_code == 302
        assert response.url == reverse("table", args=[campaign.pk])
    page = player_client.get(reverse("table", args=[campaign.pk])).content.decode()
    assert "welcome-step" not in page
    assert "Welcome" not in page
    assert Membership.objects.filter(campaign=campaign).count() == 1


def test_the_gm_following_their_own_link_goes_to_the_table(gm_client, campaign):
    response = gm_client.post(join_url(campaign))
    assert response.url == reverse("table", args=[campaign.pk])
    assert not Membership.objects.filter(campaign=campaign, user=campaign.gm).exists()


def test_a_new_player_lands_on_the_make_your_character_step_once(outsider_client, campaign):
    outsider_client.post(join_url(campaign))
    table = reverse("table", args=[campaign.pk])
    page = outsider_client.get(table).content.decode()
    assert 'id="welcome-step"' in page
    assert f'href="{reverse("character_new", args=[campaign.pk])}"' in page
    assert "Skip for now" in page
    assert 'id="welcome-step"' not in outsider_client.get(table).content.decode()  # skipped: not again


def test_a_dead_link_gets_a_clear_page(outsider_client):
    response = outsider_client.get(reverse("join", args=["not-a-real-token"]))
    assert response.status_code == 404
    assert "invite link does not work" in response.content.decode()
    assert outsider_client.post(reverse("join", args=["not-a-real-token"])).status_code == 404


def test_a_new_link_kills_the_old_one_at_once(gm_client, outsider_client, outsider, campaign):
    old = join_url(campaign)
    response = gm_client.post(reverse("invite_regenerate", args=[campaign.pk]))
    assert response.status_code == 302
    campaign.refresh_from_db()
    assert join_url(campaign) != old
    assert outsider_client.post(old).status_code == 404
    assert not Membership.objects.filter(user=outsider).exists()
    assert outsider_client.post(join_url(campaign)).status_code == 302


@pytest.mark.parametrize("who", ["player_client", "outsider_client", "other_client"])
def test_only_the_gm_makes_a_new_link(request, who, campaign):
    token = campaign.invite_token
    assert request.getfixturevalue(who).post(reverse("invite_regenerate", args=[campaign.pk])).status_code == 404
    campaign.refresh_from_db()
    assert campaign.invite_token == token


def test_regenerating_refuses_get(gm_client, campaign):
    assert gm_client.get(reverse("invite_regenerate", args=[campaign.pk])).status_code == 405


def test_gm_removes_a_player(gm_client, player_client, player, campaign):
    membership = Membership.objects.get(campaign=campaign, user=player)
    response = gm_client.post(reverse("player_remove", args=[campaign.pk, membership.pk]))
    assert response.status_code == 302
    assert not Membership.objects.filter(pk=membership.pk).exists()
    assert player_client.get(reverse("table", args=[campaign.pk])).status_code == 404


def test_a_player_cannot_remove_anyone(player_client, player, campaign):
    membership = Membership.objects.get(campaign=campaign, user=player)
    assert player_client.post(reverse("player_remove", args=[campaign.pk, membership.pk])).status_code == 404
    assert Membership.objects.filter(pk=membership.pk).exists()


def test_gm_cannot_remove_a_seat_of_another_campaign(gm_client, campaign, other_campaign):
    seat = other_campaign.memberships.get()
    assert gm_client.post(reverse("player_remove", args=[campaign.pk, seat.pk])).status_code == 404
    assert Membership.objects.filter(pk=seat.pk).exists()


def test_a_player_leaves(player_client, player, campaign, htmx):
    response = player_client.post(reverse("leave", args=[campaign.pk]))
    assert response.status_code == 302
    assert not Membership.objects.filter(campaign=campaign, user=player).exists()
    assert player_client.post(reverse("leave", args=[campaign.pk]), **htmx).status_code == 404


def test_a_link_made_to_expire_works_until_then(gm_client, outsider_client, outsider, campaign):
    gm_client.post(reverse("invite_regenerate", args=[campaign.pk]), {"lifetime": "7"})
    campaign.refresh_from_db()
    left = campaign.invite_expires_at - timezone.now()
    assert timedelta(days=7) - timedelta(minutes=1) < left <= timedelta(days=7)
    assert (
        "This link works until"
        in gm_client.get(reverse("table", args=[campaign.pk]), {"tab": "session"}).content.decode()
    )
    assert outsider_client.post(join_url(campaign)).status_code == 302
    assert Membership.objects.filter(campaign=campaign, user=outsider).exists()


def test_an_expired_link_says_so_and_joins_nobody(outsider_client, outsider, campaign):
    campaign.invite_expires_at = timezone.now() - timedelta(seconds=1)
    campaign.save()
    for response in (outsider_client.get(join_url(campaign)), outsider_client.post(join_url(campaign))):
        assert response.status_code == 410
        assert "This invite link has expired" in response.content.decode()
        assert campaign.name not in response.content.decode()
    assert not Membership.objects.filter(campaign=campaign, user=outsider).exists()
    with pytest.raises(actions.ActionError, match="expired"):
        actions.join_campaign(outsider, campaign)


def test_a_new_link_without_a_lifetime_never_expires(gm_client, campaign):
    campaign.invite_expires_at = timezone.now() - timedelta(days=1)
    campaign.save()
    gm_client.post(reverse("invite_regenerate", args=[campaign.pk]), {"lifetime": "never"})
    campaign.refresh_from_db()
    assert campaign.invite_expires_at is None
    assert (
        "This link works until you make a new one."
        in gm_client.get(reverse("table", args=[campaign.pk]), {"tab": "session"}).content.decode()
    )


def test_a_bad_lifetime_is_refused_and_the_link_stays(gm_client, campaign):
    token = campaign.invite_token
    response = gm_client.post(reverse("invite_regenerate", args=[campaign.pk]), {"lifetime": "9999"}, follow=True)
    assert "Choose how long the link works" in response.content.decode()
    campaign.refresh_from_db()
    assert (campaign.invite_token, campaign.invite_expires_at) == (token, None)


def test_a_player_who_comes_back_is_welcomed_back_to_their_characters(player_client, player, campaign):
    """Play-test: rejoining said "Make a character to start" to a player who had some."""
    from characters.models import Character

    Character.objects.create(campaign=campaign, owner=player, name="Vex", sheet={"notes": ""})
    actions.remove_player(campaign.memberships.get(user=player))
    response = player_client.post(join_url(campaign), follow=True)
    page = response.content.decode()
    assert "Make a character to start" not in page
    assert "Welcome back to" in page
    assert "Vex" in page
