"""The Solaris end-of-match summary (rules/rulesets/solaris/summary.py), counted from playback reports. Not a
rule of the game: a count of what the reports say (every attack is a shot, a hit's damage is dealt and taken)."""

from rules.rulesets import get_ruleset


def _attack(unit: str, target: str, hit: bool, damage: int) -> dict[str, object]:
    return {"unit": unit, "target": target, "attack": "Medium Laser [RA]", "hit": hit, "damage": damage}


def test_every_attack_is_a_shot_and_a_hit_counts_its_damage_both_ways() -> None:
    timelines = [
        {"mode": "pm", "ticks": []},  # a movement with no damage
        {"combat": [{"phase": "weapons", "attacks": [_attack("A", "B", True, 5), _attack("A", "B", False, 0),
                                                      _attack("B", "A", True, 2)]}]},
        {"combat": [{"phase": "physical", "attacks": [_attack("B", "A", True, 7)]}, {"phase": "heat", "reasons": []}]},
    ]
    assert get_ruleset("solaris").summary(timelines) == {"units": {
        "A": {"shots": 2, "hits": 1, "damage_dealt": 5, "damage_taken": 9},
        "B": {"shots": 2, "hits": 2, "damage_dealt": 9, "damage_taken": 5},
    }}


def test_a_match_without_attacks_counts_nobody() -> None:
    assert get_ruleset("solaris").summary([]) == {"units": {}}
    assert get_ruleset("skirmish").summary([{"anything": 1}]) == {}
