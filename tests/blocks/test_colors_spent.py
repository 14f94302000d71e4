"""The colors of the mana spent to cast a spell (601.2h): recorded by payment.lp where the spell's card asks, read by
an ability's "if" (triggers.lp), a spell's conditional instructions (stack.lp) and Vigor Mortis's rider on what it
returns (events.lp), each block alone on a few facts."""

from __future__ import annotations

from blockrun import derive

_ASKING = ("paying_for(s,spell(s)). face_card(s,c). ability_effect_condition(ab(c,1),2,spent(g)). ")


def test_only_the_colors_a_spell_asks_about_are_recorded():
    facts = _ASKING + "_use(s,g,made(e1),1). _use(s,b,none,2). _use(s,u,none,1)."
    assert derive("payment:601.2h-6", facts, "color_spent") == {"color_spent(s,g)"}


def test_a_color_asked_but_not_spent_is_not_recorded():
    facts = _ASKING + "_use(s,b,none,2). _use(s,g,none,0)."
    assert derive("payment:601.2h-6", facts, "color_spent") == set()


def test_an_intervening_if_asks_the_record_of_its_object():
    facts = "object_color_spent(h,g). object_color_spent(v,b)."
    assert derive("triggers:601.2h", facts, "condition_holds") == {"condition_holds(h,spent(g))",
                                                                   "condition_holds(v,spent(b))"}


def test_a_spell_follows_an_instruction_on_a_color_spent_only_while_on_the_stack_with_it():
    facts = ("resolves(s). item_definition(s,ab(c,1)). ability_effect(ab(c,1),2,draw(1)). "
             "ability_effect_condition(ab(c,1),2,spent(u)). object_color_spent(s,u). in_zone(s,stack). "
             "resolves(t). item_definition(t,ab(c,1)). in_zone(t,stack). object_color_spent(t,g).")
    assert derive("stack:702.33d", facts, "instruction") == {"instruction(s,2,draw(1))"}
    kicked = facts.replace("spent(u)", "kicked") + "object_kicked(s)."
    assert derive("stack:702.33d", kicked, "instruction") == {"instruction(s,2,draw(1))"}


def test_the_returned_card_enters_with_the_counters_where_the_condition_holds():
    facts = ("_top_definition(s,ab(c,1)). ability_effect(ab(c,1),2,that_enters_with_counters(p1p1,1)). "
             "ability_effect_condition(ab(c,1),2,spent(g)). _reanimating(s,1,bears). ")
    assert derive("events:614.1c", facts + "item_condition(s,spent(g)).", "replaceable") == {
        "replaceable(enter(bears),en(0,p1p1,1,none))"}
    assert derive("events:614.1c", facts + "item_condition(s,spent(b)).", "replaceable") == set()
    unconditioned = facts.replace("ability_effect_condition(ab(c,1),2,spent(g)). ", "")
    assert derive("events:614.1c", unconditioned, "replaceable") == {"replaceable(enter(bears),en(0,p1p1,1,none))"}
