"""The views a filter looks at (issue 29): every kind of view, run with the blocks of filters.lp that
read it, ends with the same facts (type, supertype, subtype, controller, owner, token, activated ability).
Each test first failed on an encoding where that kind of view was restated apart and had drifted."""

from __future__ import annotations

from blockrun import derive

#: The blocks of filters.lp that project a view's facts.
VIEWS = ["filters:109.1", "filters:113.3b", "filters:614.12"]
SHOW = ["view", "view_type", "view_supertype", "view_subtype", "view_controller", "view_owner", "view_token",
        "view_activated"]
OBJECT = [*SHOW, "view_object"]  # tokens about to be created show no object yet


def _of(view: str, atoms: set[str]) -> set[str]:
    """The facts about ``view`` among ``atoms``."""
    return {a for a in atoms if a.split("(", 1)[1].startswith(view)}


def test_an_activation_view_has_the_owner_token_and_abilities_of_its_source():
    # 602.2i: "whenever you activate an ability of a [filter]" sees the source as it is, activated by its
    # activator; it is owned as the source is (108.3), a token if the source is one (an artifact token).
    facts = """question(activate(alice,a,s)). object(a). face_card(a,c). ability(ab(c,1),activated).
               has_type(a,artifact). has_subtype(a,equipment). controller(a,alice). owner(a,bob). token(a)."""
    got = _of("activation(a,alice)", derive(["activation:602.2i", *VIEWS], facts, OBJECT))
    assert got == {"view(activation(a,alice))", "view_object(activation(a,alice),a)",
                   "view_controller(activation(a,alice),alice)", "view_type(activation(a,alice),artifact)",
                   "view_subtype(activation(a,alice),equipment)", "view_owner(activation(a,alice),bob)",
                   "view_token(activation(a,alice))", "view_activated(activation(a,alice))"}


def test_a_token_about_to_be_created_is_owned_by_its_creator():
    # 111.2: the player who creates a token is its owner (and it enters under their control, 111.1).
    facts = """player(alice). question(effect(create_tokens(alice,clue,1))). token_card(clue,clue_card).
               card_type(clue_card,artifact). card_subtype(clue_card,clue)."""
    got = _of("tokens(alice,clue)", derive(["events:111.10", *VIEWS], facts, SHOW))
    assert "view_owner(tokens(alice,clue),alice)" in got
    assert got >= {"view_controller(tokens(alice,clue),alice)", "view_token(tokens(alice,clue))",
                   "view_type(tokens(alice,clue),artifact)", "view_subtype(tokens(alice,clue),clue)"}


def test_an_entering_permanent_has_an_activated_ability_as_printed():
    # 614.12: a permanent about to enter is seen with the abilities of the card it would enter as.
    facts = """enter_card(o,none,c). entering(o,alice,hand). owner(o,alice). card_type(c,artifact).
               ability(ab(c,1),activated)."""
    got = _of("en(o,none)", derive(["events:614.12-2", *VIEWS], facts, OBJECT))
    assert got == {"view(en(o,none))", "view_object(en(o,none),o)", "view_type(en(o,none),artifact)",
                   "view_controller(en(o,none),alice)", "view_owner(en(o,none),alice)",
                   "view_activated(en(o,none))"}


def test_a_spell_cast_has_an_activated_ability_as_printed():
    # 601.2i: "whenever you cast a [filter] spell" sees the spell as its card says, a card, never a token.
    facts = """_casting(alice,s). face_card(s,c). owner(s,alice). card_type(c,artifact). card_subtype(c,equipment).
               ability(ab(c,1),activated)."""
    got = _of("spell(s,alice)", derive(["casting:601.2i", *VIEWS], facts, OBJECT))
    assert got == {"view(spell(s,alice))", "view_object(spell(s,alice),s)", "view_type(spell(s,alice),artifact)",
                   "view_subtype(spell(s,alice),equipment)", "view_controller(spell(s,alice),alice)",
                   "view_owner(spell(s,alice),alice)", "view_activated(spell(s,alice))"}


def test_a_token_about_to_be_created_has_an_activated_ability_as_printed():
    # 111.10a: a Clue has "{2}, Sacrifice this artifact: Draw a card."
    facts = """player(alice). question(effect(create_tokens(alice,clue,1))). token_card(clue,clue_card).
               ability(ab(clue_card,1),activated)."""
    got = _of("tokens(alice,clue)", derive(["events:111.10", *VIEWS], facts, SHOW))
    assert "view_activated(tokens(alice,clue))" in got
