"""Zener Gate combat (seed: "Defense", "Attacks", "Hit Location", "Damage & Recovery",
"Other Armour Effects").

Interpretations (published on /rules/#zener):
- The attack's base is the attack stat's foundation (ACC or MEL: stat / 2 + 2, rounded
  up) + weapon skill ranks, as a skill check; then - Defense + the size and range term
  (the Range Adjustment table, `size_and_range`) + aiming + circumstance, rolled on 3d6
  with the impossible-chance rule.
- A critical hit: every die shows 1 and the total is under the target.
- Hit location rolls d% on the aim's column: whole body, head & torso, head & neck,
  left hand, right hand or eye. The text's table lost its row
  boundaries; each row's ranges are given to the columns in order, skipping a column
  where its ranges would not run on from the row above, and every column then runs
  1-00 without a gap. The eye column has no Eye row: its Face band (16-40) is the eye.
  The hand columns' legs are the upper leg only, as printed.
- A critical location: the skull always; the neck, right chest and each abdomen/groin
  on a 1 on a d6, the left chest on 1-3 on a d12. 96-00 is the
  attacker's choice of a band of the same column, a critical location automatically
  if it can be one (#7).
- Every hit that does trauma costs one point of a stat, by its location's stat die, as the
  seed's damage example plays it ("The attack was not a critical hit and did not strike a
  Critical Location, so it inflicts 1 point of damage to a stat"), not only critical ones as
  its effects table reads; a hit whose trauma the armour stopped (or a near miss two steps
  up, which does "zero trauma") costs none: "Stat damage is inflicted by trauma according
  to location" (rules page, #zener-stat-damage).
- A critical location adds +2 trauma ("Undefined Critical Location: +2 Trauma", beside
  "Non-Critical Location: +0 Trauma"), on top of the location's own: the skull always, the
  neck, chest or abdomen when its critical die comes up, the attacker's choice when it can
  be one (rules page, #zener-critical-trauma).
- The hand and eye "(d10, 2 rolls)" roll their die twice, as the seed's stat-risk counts
  count them.
- Trauma = weapon damage + location trauma (+2 on a critical location) - armour (never below 0);
  shock = trauma / 2 rounded up + 1d6 + location shock. Shock above the Shock
  Threshold calls for a CON save (a stat check) at -1 per point over, rolled by the app.
- A made save inflicts half the d6 (rounded up) + the location's shock, as the example
  plays it ("the amount shown on the additional d6 would have been halved to 2, and the
  base shock from the Trauma not counted"), not "1/2 the trauma" of the text.
- A failed save: unconscious for d10 - 4 + the points over on the time chart, in seconds;
  cumulative shock over HP: d10 - 7 on the time chart, in minutes. An index off the
  chart's ends (-6, "< x 0.1", to 13) reads at the nearest end.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

from rules.dice import DiceSource, DiceTerm, Notation, roll
from rules.errors import RulesError
from rules.zener.checks import Check, CheckRoll, roll_check
from rules.zener.stats import MAX_WEAPON_RANKS, foundation
from rules.zener.tables import TIME_MULTIPLIERS, TIME_UNDER

ARMOUR_RES = {0: -4, 1: -3, 2: -2, 3: -1}
ARMOUR_NIM = {10: -4, 9: -3, 8: -3, 7: -2, 6: -2, 5: -1, 4: -1}
ARMOUR_ACC = {10: -3, 9: -3, 8: -2, 7: -2, 6: -1, 5: -1}
ARMOUR_MEL = {10: -6, 9: -4, 8: -4, 7: -2, 6: -2}
ARMOUR_DEX = {10: -6, 9: -4, 8: -4, 7: -2, 6: -2, 5: -1, 4: -1}


def armour_modifiers(armour: int, tech_shift: int = 0) -> dict[str, int]:
    """What armour of a type (0-10) does to its wearer's stats; low-tech armour counts
    higher (+1..+3) and high-tech lower (-1..-5) for NIM, ACC and MEL."""
    if not 0 <= armour <= 10:
        raise RulesError("Armour is rated 0 (none) to 10.")
    if not -5 <= tech_shift <= 3:
        raise RulesError("Technology shifts armour by -5 to +3.")
    shifted = max(0, min(10, armour + tech_shift))
    return {
        "RES": ARMOUR_RES.get(armour, 0),
        "NIM": ARMOUR_NIM.get(shifted, 0),
        "ACC": ARMOUR_ACC.get(shifted, 0),
        "MEL": ARMOUR_MEL.get(shifted, 0),
        "DEX": ARMOUR_DEX.get(armour, 0),
    }


def defense(res: int, armour: int) -> int:
    """Defense = RES - 15 + armour (0-10)."""
    if not 0 <= armour <= 10:
        raise RulesError("Armour is rated 0 (none) to 10.")
    return res - 15 + armour


# The seed's Range Adjustment table: the difference (range - size) where each adjustment starts.
RANGE_ADJUSTMENT = {1: 1, 2: 3, 3: 7, 4: 12, 5: 18, 6: 25, 7: 33, 8: 42, 9: 52, 10: 63}


def range_adjustment(difference: int) -> int:
    """The adjustment a difference reaches; past 63 it stays at +10, the table's last row."""
    return max((adjust for adjust, start in RANGE_ADJUSTMENT.items() if start <= difference), default=0)


def size_and_range(size: int, range_: int) -> int:
    """The attack's size and range term (seed: "Target Size Adjustment"): range over size is a
    penalty of the Range Adjustment of the difference; range under size a bonus of the raw
    difference. The raw range (-20 at 100 m) no aiming could cancel; the adjusted one (-5) can, as
    the seed's "Attacks" says the range and aiming modifiers are designed to."""
    if range_ > size:
        return -range_adjustment(range_ - size)
    return size - range_


def attack_check(
    attack_stat: int,
    weapon_ranks: int,
    target_defense: int,
    *,
    size: int = 0,
    range_: int = 0,
    aiming: int = 0,
    circumstance: int = 0,
) -> Check:
    if not 0 <= weapon_ranks <= MAX_WEAPON_RANKS:
        raise RulesError(f"Weapon ranks are 0 to {MAX_WEAPON_RANKS} (the seed's maximum).")
    target = foundation(attack_stat) + weapon_ranks - target_defense + size_and_range(size, range_) + aiming
    return Check(3, target + circumstance)


# Seed, "Aiming": "Pistols capped at 2 sec, Rifles capped at 10 sec, Sniper attacks capped at 10 min."
# The seconds read on the time chart as its "x" column, the row reached (as micro-time reads it: "Times
# four isn't quite enough to get to the x5 value"): 2 s is +2, 10 s +4, 10 min (x600) +9 (published).
AIM_SECONDS = {"pistol": 2, "rifle": 10, "sniper": 600}
# "Simply pointing a weapon in the general direction of a target and pulling the trigger (i.e. suppression
# fire) is defined as having a -5 chance to hit."
SUPPRESSION = -5
MAX_LOOKING = 5


def aiming_cap(weapon: str) -> tuple[int, int]:
    """(seconds, time-chart index) a weapon of this kind aims for at most."""
    seconds = AIM_SECONDS[weapon]
    return seconds, max(index for index, times in TIME_MULTIPLIERS.items() if times <= seconds)


def aiming_bonus(index: int, weapon: str = "", *, suppression: bool = False, column: str = "whole") -> int:
    """The attack's aiming term: the time chart's index, within the weapon's cap, or suppression's -5.
    Suppression is "simply pointing a weapon in the general direction of a target" (seed, "Extra Time
    Spent/Rushing"): it takes no aiming time and no aimed column, only the whole body (found in a
    play-test; published)."""
    if suppression:
        if index:
            raise RulesError("Suppression fire is not aimed: leave the aiming at 0.")
        if column != "whole":
            part = COLUMNS[column][0].lower() if column in COLUMNS else column
            raise RulesError(f"Suppression fire is not aimed: it hits the whole body, not the {part}.")
        return SUPPRESSION
    if weapon:
        seconds, cap = aiming_cap(weapon)
        if index > cap:
            raise RulesError(f"A {weapon} aims for at most {seconds:g} seconds: up to +{cap} on the time chart.")
    return index


def spot_modifier(size: int, range_: int, looking: int) -> int:
    """A spot or listen check's bonus (seed, "Spot/Listen Checks"): "a simple AWA check, but (unlike most
    skills), the Range and Size modifiers are relevant", read as an attack reads them (`size_and_range`);
    "actively looking out" is "up to -5 improvement in the modifiers", a bonus of up to 5 here, where +
    makes success likelier (published)."""
    if not 0 <= looking <= MAX_LOOKING:
        raise RulesError(f"Looking out improves a spot check by up to {MAX_LOOKING}.")
    return size_and_range(size, range_) + looking


def critical_hit(rolled: CheckRoll) -> bool:
    return all(face == 1 for face in rolled.faces) and rolled.total < rolled.target


# Seed ("Weapons", rate of fire): a short burst "conferring an extra d6 on the damage", full auto "an
# extra 2 1/2 d6 per round"; half a d6 is rolled as a d3 (the seed prices "1/2 d6" damage as a die of its own).
FIRE = {
    "single": ("a single shot", ()),
    "burst": ("a short burst", (DiceTerm(1, 6),)),
    "full_auto": ("full auto", (DiceTerm(2, 6), DiceTerm(1, 3))),
}


def fire_damage(weapon: Notation, fire: str) -> Notation:
    """The weapon's damage with its rate of fire's extra dice."""
    if fire not in FIRE:
        raise RulesError("Fire a single shot, a short burst or full auto.")
    return Notation(weapon.dice + FIRE[fire][1], weapon.modifier)


CRITICAL_FOLLOW_UP = 2


def critical_follow_up(critical: bool, trauma: int, stats: tuple[str, ...] | list[str]) -> int:
    """The attacker's bonus against the same target next round (seed: "If a critical hit results in
    no additional damage, the attacker is at +2"): a critical hit's additional damage is its stat
    damage ("-1 dmg to stat ... on critical"), and stat damage is inflicted by trauma, so a critical
    hit with no stat damage, or whose trauma the armour stopped, earns +2."""
    return CRITICAL_FOLLOW_UP if critical and (trauma == 0 or not stats) else 0


@dataclass(frozen=True, slots=True)
class Location:
    name: str
    shock: int = 0
    trauma: int = 0
    stat_die: tuple[str, ...] = ()  # the stat damaged, by the location's die
    rolls: int = 1  # the hand's and the eye's "(d10, 2 rolls)": two stats damaged


def _die(*spec: tuple[int, str]) -> tuple[str, ...]:
    faces: list[str] = []
    for count, stat in spec:
        faces += [stat] * count
    return tuple(faces)


LOCATIONS = {
    "skull": Location("Skull/Scalp", 2, 4, _die((2, "THEO"), (1, "ENC"), (2, "AWA"), (3, "PERS"))),
    "face": Location("Face", 4, 2, _die((2, "CON"), (1, "THEO"), (2, "AWA"))),
    "neck": Location("Neck", 1, 2, _die((4, "CON"), (1, "RES"))),
    "chest": Location("Chest", 2, 1, _die((1, "STR"), (2, "CON"), (2, "RES"), (1, "MEL"), (2, "END"))),
    "shoulder": Location("Shoulder", 0, 0, _die((2, "STR"), (2, "MEL"))),
    "upper arm": Location("Upper arm", 0, 0, _die((2, "STR"), (1, "DEX"), (1, "ACC"), (2, "MEL"))),
    "elbow": Location("Elbow", 0, 0, _die((1, "STR"), (1, "DEX"), (1, "ACC"), (2, "MEL"), (1, "PRAC"))),
    "forearm": Location("Forearm", 0, 0, _die((1, "STR"), (2, "DEX"), (1, "ACC"), (1, "PRAC"), (1, "THEO"))),
    "hand": Location("Hand", 0, 0, _die((1, "STR"), (3, "DEX"), (2, "ACC"), (2, "MEL"), (2, "PRAC")), 2),
    "abdomen": Location(
        "Abdomen/groin", 1, 1, _die((1, "STR"), (4, "CON"), (2, "RES"), (1, "NIM"), (1, "MEL"), (3, "END"))
    ),
    "upper leg": Location("Upper leg", 0, 0, _die((1, "STR"), (2, "NIM"), (2, "MEL"))),
    "knee": Location("Knee", 0, 0, _die((2, "STR"), (2, "NIM"), (1, "MEL"))),
    "lower leg": Location("Lower leg", 0, 0, _die((1, "STR"), (3, "NIM"), (1, "MEL"))),
    "foot": Location("Foot", 0, 0, _die((3, "NIM"), (2, "MEL"))),
    # The eye column's Face band lands here (the table has no Eye row); its die is in the stat-risk counts.
    "eye": Location("Eye", 2, 6, _die((1, "DEX"), (1, "ACC"), (2, "PRAC"), (2, "THEO"), (3, "AWA"), (1, "PERS")), 2),
}

# Each column (seed: "Hit Location Table"): its name, the aim's target size (seed: "Target
# Size"), and its d% bands (00 = 100) as (the band's top, the part hit).
COLUMNS = {
    "whole": (
        "Whole body",
        0,
        (
            (5, "skull"),
            (10, "face"),
            (15, "neck"),
            (30, "left chest"),
            (35, "left upper arm"),
            (40, "left abdomen"),
            (45, "left forearm"),
            (60, "right chest"),
            (65, "right upper arm"),
            (70, "right abdomen"),
            (75, "right forearm"),
            (85, "left leg"),
            (95, "right leg"),
            (100, "choice"),
        ),
    ),
    "head_torso": (
        "Head & torso",
        -1,
        (
            (7, "skull"),
            (14, "face"),
            (21, "neck"),
            (35, "left chest"),
            (42, "left upper arm"),
            (49, "left abdomen"),
            (56, "left forearm"),
            (70, "right chest"),
            (77, "right upper arm"),
            (84, "right forearm"),
            (100, "choice"),
        ),
    ),
    "head_neck": (
        "Head & neck",
        -2,
        (
            (10, "skull"),
            (21, "face"),
            (28, "neck"),
            (42, "left chest"),
            (49, "left upper arm"),
            (56, "left forearm"),
            (63, "right chest"),
            (70, "right upper arm"),
            (77, "right forearm"),
            (100, "choice"),
        ),
    ),
    "left_hand": (
        "Left hand",
        -3,
        (
            (2, "skull"),
            (5, "face"),
            (10, "neck"),
            (20, "left chest"),
            (30, "left upper arm"),
            (35, "left abdomen"),
            (50, "left forearm"),
            (55, "right chest"),
            (60, "right abdomen"),
            (70, "right forearm"),
            (80, "left upper leg"),
            (85, "right upper leg"),
            (100, "choice"),
        ),
    ),
    "right_hand": (
        "Right hand",
        -3,
        (
            (2, "skull"),
            (5, "face"),
            (10, "neck"),
            (15, "left chest"),
            (20, "left abdomen"),
            (30, "left forearm"),
            (40, "right chest"),
            (50, "right upper arm"),
            (55, "right abdomen"),
            (70, "right forearm"),
            (75, "left upper leg"),
            (85, "right upper leg"),
            (100, "choice"),
        ),
    ),
    "eye": (
        "Eye",
        -6,
        (
            (15, "skull"),
            (40, "eye"),
            (55, "neck"),
            (60, "left chest"),
            (65, "left forearm"),
            (70, "right chest"),
            (75, "right forearm"),
            (100, "choice"),
        ),
    ),
}

# Critical locations (seed: "automatic critical location", "1 in 6 critical location",
# "d12: 3 in 12 critical location"): part -> (how many faces, the die); 1 to that many is critical.
CRITICAL = {
    "skull": (1, 1),
    "neck": (1, 6),
    "left chest": (3, 12),
    "right chest": (1, 6),
    "left abdomen": (1, 6),
    "right abdomen": (1, 6),
}


@dataclass(frozen=True, slots=True)
class Hit:
    percent: int
    name: str
    location: Location
    sub_roll: int | None = None
    critical: bool = False  # a critical location: stat damage even without a critical hit
    critical_roll: int | None = None  # the d6 or d12 of a partial critical location
    chosen: bool = False  # the attacker's choice, not the d%'s band


def column_parts(column: str) -> list[str]:
    """The parts an attacker can choose on a column (its bands but the choice itself)."""
    return [part for _, part in COLUMNS[column][2] if part != "choice"]


def part_name(part: str) -> str:
    """A column's part as the table names it: "left abdomen" -> "Left abdomen/groin"."""
    return part.capitalize().replace("abdomen", "abdomen/groin")


def check_aim(column: str, choice: str) -> None:
    """Refuse an aim off the table, or an attacker's choice that is not on the aim's column."""
    if column not in COLUMNS:
        raise RulesError("Aim at the whole body, head & torso, head & neck, a hand or an eye.")
    if choice not in column_parts(column):
        raise RulesError(f"The attacker's choice must be a part on the {COLUMNS[column][0].lower()} column.")


def hit_location(dice: DiceSource, column: str = "whole", choice: str = "skull") -> Hit:
    """Roll d% on the aim's column, then the part's sub-roll and its critical die. On the column's
    "attacker's choice" band (96-00 on the whole body) the part is `choice`, critical if it can be."""
    check_aim(column, choice)
    percent = dice.roll(100)
    part = next(part for top, part in COLUMNS[column][2] if percent <= top)
    if part == "choice":
        chosen = _part(choice, dice, percent, automatic=True)
        return Hit(percent, chosen.name, chosen.location, chosen.sub_roll, chosen.critical, chosen=True)
    return _part(part, dice, percent)


def _part(part: str, dice: DiceSource, percent: int, *, automatic: bool = False) -> Hit:
    """One part of a column ("left upper arm"): its sub-roll (d6 arm, d12 leg) and, for a partial
    critical location, its critical die; an `automatic` critical (the attacker's choice) rolls none."""
    side, kind = part.split(" ", 1) if part.startswith(("left ", "right ")) else ("", part)
    sub = None
    if kind == "upper arm":
        sub = dice.roll(6)
        kind = "shoulder" if sub <= 2 else "elbow" if sub == 6 else "upper arm"
    elif kind == "forearm":
        sub = dice.roll(6)
        kind = "hand" if sub == 6 else "forearm"
    elif kind == "leg":
        sub = dice.roll(12)
        kind = "upper leg" if sub <= 6 else "knee" if sub == 7 else "lower leg" if sub <= 11 else "foot"
    critical, critical_roll = part in CRITICAL, None
    if critical and not automatic and CRITICAL[part][1] > 1:
        faces, die = CRITICAL[part]
        critical_roll = dice.roll(die)
        critical = critical_roll <= faces
    name = LOCATIONS[kind].name
    return Hit(
        percent, f"{side.capitalize()} {name.lower()}" if side else name, LOCATIONS[kind], sub, critical, critical_roll
    )


CRITICAL_TRAUMA = 2  # seed, "Hit Location Effects": "Undefined Critical Location: +2 Trauma"


@dataclass(frozen=True, slots=True)
class Damage:
    weapon: int
    trauma: int
    shock: int
    stats: tuple[str, ...]  # each -1 to that stat (or -d3, `points`); the hand and eye roll twice
    save_needed: bool
    save_modifier: int
    saved_shock: int  # the shock a made save leaves: half the d6, rounded up, + the location's
    points: tuple[int, ...] = ()  # what each of `stats` loses: 1, or a d3 for a critical hit on a critical location


def damage(
    weapon_damage: Notation,
    armour: int,
    hit: Hit,
    shock_threshold: int,
    *,
    dice: DiceSource,
    critical: bool = False,
    glancing: NearMiss | None = None,
) -> Damage:
    """Trauma, shock, stat damage and the Shock Threshold save of one hit. A critical location adds
    `CRITICAL_TRAUMA` to the location's own trauma. A hit that does trauma costs a point of a stat by
    the location's die; one whose trauma the armour stopped costs none ("Stat damage is inflicted by
    trauma according to location"; see the module's docstring). A `critical` hit on a critical location
    costs a d3 for each stat rolled (seed, "Hit Location Effects": "Undefined Critical Location: +2
    Trauma, -1, (-d3 on a crit) dmg to stat"), the d3 rolled after the stat's die. A `glancing` hit (a
    near miss) takes its shock and trauma off before the stat is rolled."""
    weapon = roll(weapon_damage, dice).total
    location = hit.location
    trauma = max(0, weapon + location.trauma + (CRITICAL_TRAUMA if hit.critical else 0) - armour)
    shock_die = dice.roll(6)
    shock = ceil(trauma / 2) + shock_die + location.shock
    saved = ceil(shock_die / 2) + location.shock
    if glancing:
        trauma = max(0, trauma + glancing.trauma) if glancing.trauma_allowed else 0
        shock, saved = max(0, shock + glancing.shock), max(0, saved + glancing.shock)
    stats: list[str] = []
    points: list[int] = []
    for _ in range(location.rolls if location.stat_die and trauma > 0 else 0):
        stats.append(location.stat_die[dice.roll(len(location.stat_die)) - 1])
        points.append(dice.roll(3) if critical and hit.critical else 1)
    over = shock - shock_threshold
    return Damage(weapon, trauma, shock, tuple(stats), over > 0, -over if over > 0 else 0, saved, tuple(points))


def con_save(con: int, modifier: int, dice: DiceSource) -> CheckRoll:
    """The Shock Threshold save: a CON stat check at -1 per point over the threshold."""
    return roll_check(Check(4, con + modifier), dice)


def on_time_chart(index: int, unit: str) -> str:
    """A time-chart index as a span ("10 seconds"); off the chart's ends it reads at the nearest end, and
    the chart's bottom end is its "-6 < x 0.1" row: "under 0.1 minutes" (rules page, #zener-index-tables)."""
    if index <= TIME_UNDER:
        return f"under {TIME_MULTIPLIERS[TIME_UNDER + 1]:g} {unit}"
    index = min(max(TIME_MULTIPLIERS), index)
    return f"{TIME_MULTIPLIERS[index]:g} {unit}"


@dataclass(frozen=True, slots=True)
class ShockSave:
    save: CheckRoll
    shock: int  # the shock inflicted after the save
    out_roll: int | None = None  # the d10 of a failed save
    out_index: int | None = None  # d10 - 4 + the points over, on the time chart
    out_for: str = ""  # how long the character is unconscious, "" when the save is made


def shock_save(shock: int, threshold: int, con: int, saved_shock: int, dice: DiceSource) -> ShockSave | None:
    """Seed ("SHOCK"): shock over the threshold in one round calls for a CON save at -1 per point over;
    made, the hit inflicts `saved_shock` (Damage.saved_shock); failed, the character is unconscious for
    d10 - 4 (+1 per point over) seconds on the time chart. None when the shock is within the threshold."""
    over = shock - threshold
    if over <= 0:
        return None
    rolled = con_save(con, -over, dice)
    if rolled.success:
        return ShockSave(rolled, saved_shock)
    die = dice.roll(10)
    index = die - 4 + over
    return ShockSave(rolled, shock, die, index, on_time_chart(index, "seconds"))


def knocked_out(total_shock: int, hp: int, dice: DiceSource) -> tuple[int, str] | None:
    """Seed: "If the cumulative Shock received over all attacks exceeds the character's Hit Points, he
    falls unconscious for d10-7 minutes time on the universal scale". (d10, how long); None within HP."""
    if total_shock <= hp:
        return None
    die = dice.roll(10)
    return die, on_time_chart(die - 7, "minutes")


def shock_recovered(shock: int) -> int:
    """The shock a skipped action recovers: 1/3 of the accumulated shock, rounded up (the seed's
    example: 8 shock, "1/3 ... rounding up, i.e. 3 points")."""
    return ceil(shock / 3)


@dataclass(frozen=True, slots=True)
class NearMiss:
    shock: int
    trauma_allowed: bool
    trauma: int
    steps: int = 1  # how many areas up the hit lands: the next larger (1) or "two steps up" (2)


def near_miss(margin: int, size: int, cover: bool) -> NearMiss | None:
    """A miss that still lands (seed: "An attack that misses by no more than 5..."):
    aimed at something smaller than the whole body (not because of cover), a miss
    by 5 or less hits the next larger area at -1 shock and -1 trauma; aimed smaller
    than head and torso, a miss by 10 or less hits two steps up at -2 shock and no trauma."""
    if margin >= 0 or cover:
        return None
    if size < -1 and margin >= -10 and margin < -5:
        return NearMiss(-2, False, 0, 2)
    if size < 0 and margin >= -5:
        return NearMiss(-1, True, -1, 1)
    return None


# The next larger area of each aimed column (seed: a near miss "will hit the next larger area", a miss by
# 10 or less "uses the hit location chart two steps up"): head & neck, head & torso, whole body is the
# ladder of the seed's sizes (-2, -1, 0). The eye is in the head, so it steps onto the head & neck; a hand
# is in no part of the head, so it steps onto the head & torso, the next larger column holding the arms,
# and two steps up onto the whole body, as head & neck does (rules page, #zener-near-miss).
LARGER = {
    "eye": "head_neck",
    "left_hand": "head_torso",
    "right_hand": "head_torso",
    "head_neck": "head_torso",
    "head_torso": "whole",
    "whole": "whole",
}


def near_miss_column(aim: str, steps: int) -> str:
    """The column a near miss rolls on: `steps` areas up from the aimed column, the whole body at most."""
    for _ in range(steps):
        aim = LARGER[aim]
    return aim


END_COST = {"ACC": 1, "MEL": 2}  # "just pull the trigger" 1, a physical attack 2


MEL_BEST_FIRST = 0  # the campaign setting "initiative_mel": the highest MEL gets the most (the default)
MEL_AS_WRITTEN = 1  # the seed's words: the highest MEL +0, each lower one +2 more


def initiative(
    characters: dict[str, tuple[int, int]],
    dice: DiceSource,
    *,
    surprised: frozenset = frozenset(),
    immobile: frozenset = frozenset(),
    prone: frozenset = frozenset(),
    mel: int = MEL_BEST_FIRST,
) -> list[tuple[str, int, int]]:
    """Initiative for each character: 1d6 (surprised 0, immobile 1, prone at most 3) + its
    place among the AWA scores (lowest +0, next +1, ...) + its place among the MEL scores, +2 a place.
    Seed: "0 for the character with the highest MEL, +2 for the character with the next lowest", which
    has the better melee fighter act later while AWA runs the other way: a campaign setting (rules page,
    #zener-initiative-mel), by default the lowest MEL +0 and each higher one +2 more, as AWA runs.
    `characters` maps a name to (AWA, MEL). The bonuses apply only when not surprised. Returns
    (name, die, initiative), highest first."""
    awa_order = sorted({awa for awa, _ in characters.values()})
    mel_order = sorted({mel for _, mel in characters.values()}, reverse=mel == MEL_AS_WRITTEN)
    results = []
    for name, (awa, melee) in characters.items():
        die = dice.roll(6)
        if name in surprised:
            results.append((name, 0, 0))
            continue
        if name in immobile:
            die = 1
        elif name in prone:
            die = min(die, 3)
        results.append((name, die, die + awa_order.index(awa) + 2 * mel_order.index(melee)))
    return sorted(results, key=lambda row: -row[2])


def announce_order(order: list[tuple[str, int, int]], res: dict[str, int]) -> list[list[list[str]]]:
    """Micro-time (seed: "When characters have the same initiative value ... In sequence of lowest
    RES to highest, the characters with the same initiative value choose and announce their
    actions"): for each initiative value two or more characters share, highest first, the
    announcing turns, lowest RES first; characters with equal RES announce together."""
    shared = sorted({value for _, _, value in order if sum(1 for row in order if row[2] == value) > 1}, reverse=True)
    groups = []
    for value in shared:
        names = [name for name, _, tied in order if tied == value]
        levels = sorted({res[name] for name in names})
        groups.append([sorted(name for name in names if res[name] == level) for level in levels])
    return groups


MAX_REACTION_MS = 10**7


def reaction_modifier(milliseconds: int) -> int:
    """The NIM save to react in micro-time (seed: "dividing the milliseconds by 60 (round off),
    finding the result on the time chart, and subtracting 10"): the highest row of the chart the
    rounded multiple reaches; under x0.1 is the chart's -6, and x10,000 and more its +13."""
    if not 1 <= milliseconds <= MAX_REACTION_MS:
        raise RulesError(f"Give the time to react in milliseconds, 1 to {MAX_REACTION_MS:,}.")
    multiple = int(milliseconds / 60 + 0.5)  # round off: half up, as "4-and-a-sixth ... rounds to x4"
    reached = [index for index, times in TIME_MULTIPLIERS.items() if times <= multiple]
    return (max(reached) if reached else -6) - 10
