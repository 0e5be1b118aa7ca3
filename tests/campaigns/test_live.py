"""The live table over websockets: each socket receives what its audience may
see, already rendered, and never anything else."""

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.test import Client

from campaigns.models import Membership
from campaigns.routing import websocket_urlpatterns
from campaigns.table import actions
from config.asgi import application
from rules.dice import Comparison
from tests.fixtures import chips

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
SECRET_TARGET = 424242


async def open_table(user, campaign):
    """A socket on the table's route, as `user` (the auth middleware is Channels' own)."""
    socket = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/campaigns/{campaign.pk}/")
    socket.scope["user"] = user
    connected, _ = await socket.connect()
    assert connected
    return socket


PRESENCE = 'id="online"'


async def receive(socket) -> str:
    """The next table event, past the "here now" lines that sockets send as they open and close
    (tests/campaigns/test_presence.py)."""
    while PRESENCE in (message := await socket.receive_from(timeout=2)):
        pass
    return message


async def drain(socket, quiet: float = 0.3) -> list[str]:
    """Every table event until the socket is quiet, past the "here now" lines."""
    messages = []
    while not await socket.receive_nothing(timeout=quiet):
        if PRESENCE not in (message := await socket.receive_from()):
            messages.append(message)
    return messages


async def receives_nothing(socket, timeout: float) -> bool:
    return not await drain(socket, timeout)


async def test_every_member_sees_a_public_roll_once(gm, player, campaign, script_dice):
    gm_socket, player_socket = await open_table(gm, campaign), await open_table(player, campaign)
    script_dice(4, 2)
    await database_sync_to_async(actions.roll_notation)(campaign, player, notation="2d6", label="public-marker")
    for socket in (gm_socket, player_socket):
        message = await receive(socket)
        assert "public-marker" in message
        assert 'hx-swap-oob="afterbegin:#log"' in message
        assert await receives_nothing(socket, 0.2)  # once, not twice
    await gm_socket.disconnect()
    await player_socket.disconnect()


async def test_a_gm_secret_roll_reaches_only_the_gm(gm, player, campaign, script_dice):
    gm_socket, player_socket = await open_table(gm, campaign), await open_table(player, campaign)
    script_dice(13)
    await database_sync_to_async(actions.roll_notation)(
        campaign, gm, notation="1d20", label="ambush-marker", secret=True
    )
    assert "ambush-marker" in await receive(gm_socket)
    assert await receives_nothing(player_socket, 0.3)
    await gm_socket.disconnect()
    await player_socket.disconnect()


async def test_a_called_roll_hides_its_target_from_the_table(
    gm, player, other_player, campaign, character, script_dice
):
    await database_sync_to_async(Membership.objects.create)(campaign=campaign, user=other_player)
    gm_socket = await open_table(gm, campaign)
    player_socket, other_socket = await open_table(player, campaign), await open_table(other_player, campaign)

    call = await database_sync_to_async(actions.call_for_roll)(
        campaign, character=character, notation="2d10", target=SECRET_TARGET, comparison=Comparison.AT_MOST
    )
    gm_card = await receive(gm_socket)
    player_card = await receive(player_socket)
    assert str(SECRET_TARGET) in gm_card
    assert f'id="call-{call.pk}"' in player_card
    assert str(SECRET_TARGET) not in player_card
    # The call's card is not theirs: the table gets the log's line alone, without the target.
    lines = [await receive(socket) for socket in (gm_socket, player_socket, other_socket)]
    for line in lines:
        assert "The GM asks Mara Vell to roll 2d10" in line
        assert str(SECRET_TARGET) not in line
    # Then the target's commitment: the digest, at once, to everyone; the target nowhere.
    commitments = [await receive(socket) for socket in (gm_socket, player_socket, other_socket)]
    for line in commitments:
        assert "The GM committed to the target of Mara Vell" in line
        assert 'data-digest="' in line
        assert str(SECRET_TARGET) not in line
    assert await receives_nothing(other_socket, 0.2)

    script_dice(5, 6)
    await database_sync_to_async(actions.answer_call)(call.pk, player)
    gm_messages = [await receive(gm_socket) for _ in range(2)]
    player_messages = [await receive(player_socket) for _ in range(2)]
    other_messages = [await receive(other_socket)]
    assert str(SECRET_TARGET) in gm_messages[0]
    assert "success" in gm_messages[0]
    assert 'hx-swap-oob="delete"' in gm_messages[1]
    for message in player_messages + other_messages:
        assert str(SECRET_TARGET) not in message
        assert "success" not in message
    assert chips(5, 6) in other_messages[0]
    assert 'hx-swap-oob="delete"' in player_messages[1]
    assert await receives_nothing(other_socket, 0.2)
    for socket in (gm_socket, player_socket, other_socket):
        await socket.disconnect()


async def refused_for_good(user, path: str) -> str:
    """A socket that may not join: accepted only to say so, then closed with the code that stops
    the page reconnecting (a refused handshake is retried forever). It joins no group."""
    socket = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    socket.scope["user"] = user
    connected, _ = await socket.connect()
    assert connected
    notice = await socket.receive_from(timeout=2)
    output = await socket.receive_output(timeout=2)
    assert (output["type"], output.get("code")) == ("websocket.close", ENDED)
    return notice


async def test_outsiders_and_visitors_are_refused(
    outsider, other_player, campaign, other_campaign, make_user, player, script_dice
):
    """The websocket route's row of the access table: outsiders, another campaign's player,
    staff without a campaign and visitors get a notice that names nothing and are closed for good."""
    from django.contrib.auth.models import AnonymousUser

    staff = await database_sync_to_async(make_user)("stan_staff", is_staff=True)
    player_socket = await open_table(player, campaign)
    for user in (outsider, other_player, staff, AnonymousUser()):
        notice = await refused_for_good(user, f"/ws/campaigns/{campaign.pk}/")
        assert "This table is not open to you" in notice
        assert campaign.name not in notice
    script_dice(3)
    await database_sync_to_async(actions.roll_notation)(campaign, player, notation="1d6", label="after-refusals")
    assert any("after-refusals" in m for m in await drain(player_socket))
    await player_socket.disconnect()


async def test_unknown_campaign_is_refused(gm):
    assert "This table is not open to you" in await refused_for_good(gm, "/ws/campaigns/987654/")


async def test_a_player_removed_while_their_table_was_away_is_told_when_it_reconnects(player, campaign):
    membership = await database_sync_to_async(Membership.objects.get)(campaign=campaign, user=player)
    await database_sync_to_async(actions.remove_player)(membership)
    notice = await refused_for_good(player, f"/ws/campaigns/{campaign.pk}/")
    assert 'href="/"' in notice


ENDED = 4004  # the table's close code for good: the page does not reconnect (static/fivefold/table.js)


async def closed_for_good(socket) -> str:
    """The notice a closing table shows, then the close itself, with the code that stops reconnecting."""
    notice = await receive(socket)
    while (output := await socket.receive_output(timeout=2))["type"] != "websocket.close":
        assert PRESENCE in output.get("text", ""), output
    assert output.get("code") == ENDED
    return notice


async def test_a_removed_player_is_told_and_disconnected_at_once(gm, player, other_player, campaign):
    """Not "reconnecting…" forever, but plain words and a way home."""
    await database_sync_to_async(Membership.objects.create)(campaign=campaign, user=other_player)
    socket, gm_socket = await open_table(player, campaign), await open_table(gm, campaign)
    other_socket = await open_table(other_player, campaign)
    membership = await database_sync_to_async(Membership.objects.get)(campaign=campaign, user=player)
    await database_sync_to_async(actions.remove_player)(membership)
    notice = await closed_for_good(socket)
    assert "You no longer play in The Gate." in notice
    assert 'href="/"' in notice
    assert 'id="table-ended"' in notice
    for still_here in (gm_socket, other_socket):
        assert not any("no longer play" in m for m in await drain(still_here))
        await still_here.disconnect()


@pytest.mark.parametrize("how", ["one", "queryset"])  # the model's delete, and the admin's bulk delete
async def test_a_deleted_campaign_tells_every_open_table_and_closes_it(gm, player, campaign, how):
    gm_socket, player_socket = await open_table(gm, campaign), await open_table(player, campaign)

    @database_sync_to_async
    def delete():
        from campaigns.models import Campaign

        campaign.delete() if how == "one" else Campaign.objects.filter(pk=campaign.pk).delete()

    await delete()
    for socket in (gm_socket, player_socket):
        notice = await closed_for_good(socket)
        assert "The Gate was deleted" in notice
        assert 'href="/"' in notice


@database_sync_to_async
def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


async def test_the_real_asgi_stack_knows_members_by_their_session(player, outsider, campaign):
    async def connect_as(user, origin=b"http://testserver"):
        headers = [(b"cookie", f"sessionid={await session_cookie(user)}".encode()), (b"origin", origin)]
        socket = WebsocketCommunicator(application, f"/ws/campaigns/{campaign.pk}/", headers=headers)
        connected, _ = await socket.connect()
        joined = connected and "not open to you" not in await socket.receive_from(timeout=2)
        await socket.disconnect()
        return joined

    assert await connect_as(player)
    assert not await connect_as(outsider)
    assert not await connect_as(player, origin=b"http://evil.example")


async def test_a_centaurus_gate_action_keeps_the_exec_secrets(gm, player, other_player, script_dice):
    """The whole flow over the sockets: the player and the table never receive
    the difficulty, the risk target or the Exec's dice; the GM receives them all."""
    from campaigns.systems.cgg import actions as cgg
    from characters.models import Character
    from rules.cgg.difficulty import Difficulty
    from rules.cgg.sheet import default_sheet
    from rules.cgg.venture import Wrench

    @database_sync_to_async
    def setup():
        campaign = actions.create_campaign(gm, name="Centaurus", system="cgg", settings={})
        Membership.objects.create(campaign=campaign, user=player)
        Membership.objects.create(campaign=campaign, user=other_player)
        explorer = Character.objects.create(campaign=campaign, owner=player, name="Mara", sheet=default_sheet())
        return campaign, explorer

    campaign, explorer = await setup()
    gm_socket, player_socket = await open_table(gm, campaign), await open_table(player, campaign)
    other_socket = await open_table(other_player, campaign)
    secrets_ = ("base 5d", "Rushed for time", "risk target 35", "[2, 8, 9, 9]")

    difficulty = Difficulty(base_dice=5, success_dice=0, adjustments=("rushed",), risk_bonus=23)
    call = await database_sync_to_async(cgg.call_for_action)(
        campaign, character=explorer, attribute="dexterity", difficulty=difficulty, label="Leap"
    )
    script_dice(6, 6, 2, 8, 9, 9)  # risk 2d: 6, 6 (two Venture); the Exec's 4 dice: 2, 8, 9, 9
    await database_sync_to_async(cgg.roll_for_call)(call.pk, player, None)
    await database_sync_to_async(cgg.choose_wrench)(call.pk, player, (Wrench.THAT_WAS_CLOSE,))
    await database_sync_to_async(cgg.choose_hammer)(call.pk, gm, ())

    gm_messages, player_messages = await drain(gm_socket), await drain(player_socket)
    table_messages = await drain(other_socket)

    assert any("[6, 6]" in m and "2 Venture" in m for m in player_messages)  # the player's own dice
    assert any("That was close!" in m for m in table_messages)
    assert not any(f'id="call-{call.pk}"' in m for m in table_messages)  # the card is the called player's only
    assert any("11/12 hours" in m for m in table_messages)  # the clocks are public
    for message in player_messages + table_messages:
        for secret in secrets_:
            assert secret not in message, (secret, message)
    gm_text = " ".join(gm_messages)
    for secret in secrets_:
        assert secret in gm_text, secret
    for socket in (gm_socket, player_socket, other_socket):
        await socket.disconnect()


async def test_a_secret_tribute_opposition_stays_with_the_gm(gm, player, other_player, script_dice):
    from campaigns.systems.tribute import actions as tribute
    from characters.models import Character

    @database_sync_to_async
    def setup():
        campaign = actions.create_campaign(gm, name="Tribute", system="tribute", settings={"die_size": 6})
        Membership.objects.create(campaign=campaign, user=player)
        Membership.objects.create(campaign=campaign, user=other_player)
        sheet = campaign.rules_system.validate_sheet({"attributes": {"Might": 1}}, campaign.settings)
        return campaign, Character.objects.create(campaign=campaign, owner=player, name="Vera", sheet=sheet)

    campaign, vera = await setup()
    gm_socket, player_socket = await open_table(gm, campaign), await open_table(player, campaign)
    other_socket = await open_table(other_player, campaign)
    call = await database_sync_to_async(tribute.start_test)(
        campaign, player, character=vera, attribute="Might", focus=1, burden=1
    )
    script_dice(5, 2)
    await database_sync_to_async(tribute.set_opposition)(call.pk, gm, 137)

    gm_messages, player_messages, table_messages = (
        await drain(gm_socket),
        await drain(player_socket),
        await drain(other_socket),
    )
    assert any("137" in m for m in gm_messages)
    assert any("Fail" in m for m in table_messages)  # 5 - 2 + 1 against 137
    for message in player_messages + table_messages:
        assert "against 137" not in message
        assert " 137" not in message
    for socket in (gm_socket, player_socket, other_socket):
        await socket.disconnect()
