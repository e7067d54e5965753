"""The generic renderer (web/render.py): any game's view as panels, from hand-set views."""

from __future__ import annotations

from boardrules.engine import Catalogue, Entry
from boardrules.web.render import Node, Renderer

CATALOGUE = Catalogue([
    Entry("race", "orcs", "Orcs", "+1 coin for each non-empty Region conquered.", (("Tokens", "5"),)),
    Entry("power", "forest", "Forest", "+1 coin for each Forest Region."),
    Entry("terrain", "forest", "Forest", "Costs 2 to enter."),
])


def texts(node: Node) -> list[str]:
    """Every text of a node, in order."""
    if node.kind == "text":
        return [node.text]
    out: list[str] = []
    for row in node.rows:
        for cell in row:
            out += texts(cell)
    for item in node.items:
        out += texts(item)
    return out


def test_plain_values_go_together_and_other_fields_are_panels_of_their_own() -> None:
    board = Renderer(Catalogue()).board({"turn": 3, "over": False, "market": ["a", "b"], "bank": {"gold": 4},
                                         "round": None, "discard": [], "stock": {}})
    assert [p.title for p in board.panels] == ["At a glance", "Market", "Bank"]
    assert texts(board.panels[0].body) == ["Turn", "3", "Over", "no"]
    assert board.panels[1].body == Node("items", ", ", items=(Node("text", "a"), Node("text", "b")), inline=True)
    assert board.empty == ["Round", "Discard", "Stock"]  # named in one line, not as empty panels


def test_records_are_a_table_and_many_fields_of_few_records_stand_across() -> None:
    renderer = Renderer(Catalogue())
    table = renderer.board({"players": [{"name": "Ann", "vp": 3}, {"name": "Bob", "vp": 5, "extra": True}]}).panels[0].body
    assert table.kind == "table" and table.columns == ("Name", "Vp", "Extra") and not table.across
    assert [texts(Node("items", items=row)) for row in table.rows] == [["Ann", "3", ""], ["Bob", "5", "yes"]]
    wide = {f"field_{i}": i for i in range(14)}
    across = renderer.board({"players": [wide, wide]}).panels[0]
    assert across.body.across and across.body.columns == ("", "#1", "#2") and across.wide
    assert texts(Node("items", items=across.body.rows[0])) == ["Field 0", "0", "0"]


def test_a_mapping_of_records_is_a_table_led_by_its_keys() -> None:
    body = Renderer(Catalogue()).board({"spaces": {"8": {"kind": "town"}, "9": {"kind": "mine", "owner": 1}}}).panels[0].body
    assert body.kind == "table" and body.across and body.columns == ("", "Kind", "Owner")
    assert [texts(Node("items", items=row)) for row in body.rows] == [["8", "town", ""], ["9", "mine", "1"]]


def test_lists_of_small_lists_read_on_one_line() -> None:
    renderer = Renderer(Catalogue())
    counts = renderer.board({"decklist": [["necropolis", 2], ["imp", 5]]}).panels[0].body
    assert counts.text == ", " and [item.text for item in counts.items] == [" ", " "]
    armies = renderer.board({"armies": [["orcs", "elves"], ["trolls"]]}).panels[0].body
    assert armies.text == "; " and [item.text for item in armies.items] == [", ", ", "]


def test_a_catalogue_id_is_marked_with_its_line_of_the_kind_its_field_names() -> None:
    board = Renderer(CATALOGUE).board({"race": "orcs", "terrain": "forest", "powers": ["forest"], "pool": ["orcs", "x"]})
    glance = dict((k.text, v) for k, v in board.panels[0].body.rows)
    assert glance["Race"].ref == "Orcs: Tokens 5. +1 coin for each non-empty Region conquered."
    assert glance["Terrain"].ref == "Forest: Costs 2 to enter."  # the field names the kind
    assert board.panels[1].body.items[0].ref == "Forest: +1 coin for each Forest Region."  # "powers": power
    assert [i.ref != "" for i in board.panels[2].body.items] == [True, False]  # no kind named: any entry
    assert list(board.named) == ["orcs", "forest"]
    keys = Renderer(CATALOGUE).board({"tray": {"orcs": 3}}).panels[0].body.rows[0][0]
    assert keys.text == "orcs" and keys.ref  # a key that names an entry is marked too


def test_texts_are_kept_as_they_are_for_the_template_to_escape() -> None:
    body = Renderer(Catalogue()).board({"note": "<b>&</b>"}).panels[0].body
    assert texts(body) == ["Note", "<b>&</b>"]
