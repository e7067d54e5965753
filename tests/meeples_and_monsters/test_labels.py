"""What a player is shown of each answer (labels.py), from hand-set positions: for each kind of
decision, the label says what the answer does with the numbers that decide (issue 24: "the
Capitol is not drawn, ``activate guild-hall 1`` / ``2`` is cryptic")."""

from __future__ import annotations

from mm_positions import (
    assign,
    build_location,
    fresh,
    give_quest,
    location,
    main_phase,
    monster,
    play,
    put_monster,
    refresh,
    set_lodgings,
    set_tavern,
)
from rich.console import Console

from boardrules.games.meeples_and_monsters import MeeplesAndMonsters
from boardrules.games.meeples_and_monsters.state import KIND_INDEX, MMState


def labels(game: MeeplesAndMonsters, s: MMState) -> dict[str, str]:
    d = game.decision(s)
    assert d is not None
    shown = game.action_labels(s, d)
    assert all(label.startswith(a.text + ": ") for a, label in zip(d.actions, shown, strict=True))
    return dict(zip((a.text for a in d.actions), shown, strict=True))


def test_development_phase_capitol_options_say_what_each_does() -> None:
    """1. DEVELOPMENT PHASE: the Guild Hall's two options and the Training Grounds' level-up,
    with the VP each next Hero card costs."""
    game, s = fresh()
    set_tavern(s, 0, peasant=2, knight=1)
    s.players[0].vp = 4
    refresh(s)
    shown = labels(game, s)
    assert shown["activate guild-hall 1"] == "activate guild-hall 1: Guild Hall: peasant → +1 peasant"
    assert shown["activate guild-hall 2"] == ("activate guild-hall 2: Guild Hall: 2 peasant → construct a face-up "
                                              "Location tile (4 face up, 8 vacant slots)")
    assert shown["activate training-grounds"] == (
        "activate training-grounds: Training Grounds: any Unit → level up one class (you have 4 VP): "
        "Knight to level 2 for 3 VP")
    assert shown["done"] == "done: assign nothing more: end the Development Phase, on to the Main Phase"


def test_development_phase_hero_ability_shows_its_card_text() -> None:
    game, s = fresh()
    set_tavern(s, 0, mage=1)
    s.players[0].levels[KIND_INDEX["mage"]] = 2
    refresh(s)
    assert labels(game, s)["use mage develop"] == (
        "use mage develop: Mage level 2: Development Phase: with at least 1 Mage in your Tavern, draw 1 Quest.")


def test_training_grounds_level_up_shows_the_cost_and_the_new_card() -> None:
    game, s = fresh()
    set_tavern(s, 0, knight=1, mage=1)
    s.players[0].vp = 5
    refresh(s)
    play(game, s, "activate training-grounds")
    shown = labels(game, s)
    assert shown["add knight"] == ("add knight: level the Knight up to level 2 for 3 VP (combat 3 → 4); When 1 or "
                                   "more Knights defeat a Monster, gain 1 VP (once per turn).")
    assert shown["add mage"].startswith("add mage: level the Mage up to level 2 for 3 VP (combat 1 → 1)")


def test_main_phase_locations_monsters_and_done() -> None:
    """2. MAIN PHASE: a Location option with its district and an overrun's Peasants (Using
    Overrun Locations); a Monster with its strength against what the Tavern can bring."""
    game, s = main_phase(knight=2, peasant=1)
    put_monster(game, s, "tree-beast", "villages")
    put_monster(game, s, "giant-rat", "villages")
    shown = labels(game, s)
    assert shown["activate muster-green"] == ("activate muster-green: Muster Green (Villages): peasant → +1 warrior "
                                              "[overrun: +1 Peasant]")
    assert shown["fight tree-beast"] == ("fight tree-beast: Tree Beast, strength 5 (your Tavern can bring 7), 2 VP, "
                                         "level 2 beast, Villages")
    assert shown["done"] == "done: assign nothing more: end the Main Phase, on to the Draw Phase"


def test_king_of_the_hill_and_prestige_stock_are_shown() -> None:
    game, s = main_phase(warrior=1, peasant=1, knight=1)
    build_location(game, s, "colosseum", "castle-2")
    build_location(game, s, "rangers-lodge", "castle-3")
    shown = labels(game, s)
    assert shown["activate colosseum 2"] == "activate colosseum 2: Colosseum (Castle): knight → +3 VP [King of the Hill]"
    assert shown["activate rangers-lodge"].endswith("→ take 1 ranger [left on it: 3 Rangers]")


def test_fight_steps_show_the_combat_value_against_the_strength() -> None:
    """Combat with Monsters: each Unit added, with the combat value before and after (the
    rulebook's example: one Knight, 3, is not enough for the Tree Beast, 5; two are)."""
    game, s = main_phase(knight=2, peasant=1)
    put_monster(game, s, "tree-beast", "villages")
    play(game, s, "fight tree-beast")
    assert labels(game, s)["add knight"] == "add knight: a Knight: combat 0 → 3 of strength 5"
    play(game, s, "add knight")
    assert labels(game, s)["add knight"] == "add knight: a Knight: combat 3 → 6 of strength 5"
    play(game, s, "add knight")
    assert labels(game, s)["confirm"] == "confirm: assign 2 Knights to the Tree Beast: combat 6 against strength 5"


def test_location_steps_count_the_requirement() -> None:
    """A Shaman may stand in for a Peasant: both are offered, with what the requirement needs;
    once it is met, ``more`` says extras add nothing."""
    game, s = main_phase(peasant=1, shaman=1)
    play(game, s, "activate muster-green")
    shown = labels(game, s)
    assert shown["add peasant"] == "add peasant: a Peasant for Muster Green (1 of 1: peasant)"
    assert shown["add shaman"] == "add shaman: a Shaman for Muster Green (1 of 1: peasant)"
    play(game, s, "add peasant")
    shown = labels(game, s)
    assert shown["confirm"] == "confirm: assign 1 Peasant to Muster Green: +1 warrior"
    assert shown["more"] == "more: assign Units beyond the requirement to Muster Green (they add nothing)"


def test_tower_rooms_show_their_requirement_and_effect() -> None:
    game, s = fresh(expansion="four-towers")
    set_tavern(s, 0, peasant=2, corruption=1)
    s.phase = "main"
    refresh(s)
    towers = {k: v for k, v in labels(game, s).items() if k.startswith("tower ")}
    assert towers
    for text, shown in towers.items():
        d = ["villages", "castle", "university", "cathedral"].index(text.split()[1])
        room = game.t.rooms[s.towers[d][-1]]
        assert shown.startswith(f"{text}: the {text.split()[1].title()} Tower Room {room.name}: ")
        assert shown.endswith(f"({len(s.towers[d])} in the stack)")


def test_resolution_order_names_what_each_resolves() -> None:
    """Resolution Step: each assignment with its Units and its VP."""
    game, s = main_phase(knight=2, peasant=3)
    put_monster(game, s, "tree-beast", "villages")
    put_monster(game, s, "giant-rat", "castle")
    assign(game, s, "fight tree-beast", "knight", "knight")
    assign(game, s, "fight giant-rat", "peasant", "peasant")
    s.phase = "main-resolve"
    refresh(s)
    assert labels(game, s) == {
        "resolve tree-beast": "resolve tree-beast: the Tree Beast with 2 Knights: +2 VP",
        "resolve giant-rat": "resolve giant-rat: the Giant Rat with 2 Peasants: +1 VP",
    }


def test_sub_decisions_quests_meeples_prestige_and_construction() -> None:
    """Discarding a Quest shows its text; returning meeples, taking a Prestige Unit,
    constructing (the tile, then the slot with its bonus) and placing a Monster."""
    game, s = fresh()
    give_quest(game, s, 0, "chivalry")
    give_quest(game, s, 0, "lay-the-dead-to-rest")
    s.stack.append(("discard", 0, 1))
    refresh(s)
    assert labels(game, s)["discard chivalry"] == ("discard chivalry: Chivalry (End of Game, 4 VP, penalty 2): End of "
                                                   "game: own at least 3 Knights.")
    s.stack = [("recycle", 0, 2)]
    set_lodgings(s, 0, peasant=2)
    assert labels(game, s) == {
        "return peasant": "return peasant: 1 Peasant from your Lodgings (2 there) to your bag (2 may still go)",
        "done": "done: return no more meeples to your bag",
    }
    s.stack = [("prestige", 0, 1)]
    refresh(s)
    assert labels(game, s)["take paladin"].startswith("take paladin: a Paladin from the supply (combat 2, 5 left): ")
    s.stack = [("build", 0)]
    refresh(s)
    tiles = labels(game, s)
    if "build colosseum" in tiles:
        assert tiles["build colosseum"] == "build colosseum: Colosseum: 1) peasant → +1 VP 2) knight → +3 VP [King of the Hill]"
    assert all(" → " in shown for shown in tiles.values())
    s.stack = [("slot", 0, location(game, "colosseum"))]
    refresh(s)
    shown = labels(game, s)
    assert shown["slot castle-3"] == "slot castle-3: Castle slot 3, bonus: +2 VP"
    assert shown["slot university-2"] == "slot university-2: University slot 2, bonus: draw 1 Quest"
    for ref in ("giant-rat", "goblin-raider", "tree-beast"):
        put_monster(game, s, ref, "villages")
    put_monster(game, s, "gargoyle", "castle")
    s.stack = [("place", 0, monster(game, "skeleton"))]
    refresh(s)
    shown = labels(game, s)
    assert shown["place skeleton castle"] == "place skeleton castle: put the Skeleton in Castle (there: Gargoyle)"
    assert "place skeleton villages" not in shown


def test_the_board_draws_the_capitol_with_its_options() -> None:
    game, s = fresh()
    console = Console(width=120, record=True)
    console.print(game.render(s, 0))
    text = console.export_text()
    row = text[text.index("Capitol"):]
    assert "Guild Hall 1) peasant → +1 peasant" in row and "2) 2 peasant → construct a Location" in row
    assert "Training Grounds: any Unit → level up (pay its" in row
