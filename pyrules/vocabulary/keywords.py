"""Keyword abilities (702): each a kind of the vocabulary, with the rule that reads it.

Their own module, below the filters and the templates, since both name them: a filter asks whether an object
has a keyword ("a creature without flying"), an effect gives or takes one away.
"""

from __future__ import annotations

from typing import Any

from pyrules.base.symbols import C
from pyrules.vocabulary.kinds import Inert, Kind, Modelled


def _kw(name: str, doc: str, status: Any, example: str = "") -> Kind:
    return Kind("keyword", name, doc, status, term=lambda v, ctx: C(name), example=example)


KEYWORDS: tuple[Kind, ...] = (
    _kw("haste", "can attack and {T} as soon as it comes under your control (702.10)",
        Modelled("activation.lp", ("702.10c", "302.6")), "activation/tap-haste-creature"),
    _kw("ascend", "ascend on a permanent (702.131b): its controller, controlling ten or more permanents, gets the city's "
        "blessing for the rest of the game (702.131c); on an instant or sorcery, refused",
        Modelled("continuous.lp", ("702.131b", "702.131c")), "layers/ascend-with-ten-permanents"),
    _kw("protection_from_multicolored", "can't be targeted by multicolored spells or abilities' sources, blocked by "
        "multicolored creatures, or dealt damage by multicolored sources (702.16b, 702.16e, 702.16f)",
        Modelled("stack.lp", ("702.16b", "702.16e", "702.16f")), "stack/protection-from-multicolored-target"),
    _kw("protection_from_chosen_color", "protection from the color chosen as it entered: not targeted, blocked or "
        "dealt damage by what has that color (702.16b, 702.16e, 702.16f)",
        Modelled("stack.lp", ("702.16b", "702.16e", "702.16f")), "stack/protection-from-chosen-color-target"),
    _kw("protection_from_artifacts", "protection from artifacts: not targeted, blocked, enchanted or equipped, or dealt "
        "damage by artifacts (702.16b-f)", Modelled("stack.lp", ("702.16a", "702.16b", "702.16e", "702.16f")),
        "stack/protection-from-artifacts"),
    _kw("fuse", "on both halves of a split card: its owner may cast both halves from their hand, one spell with the two "
        "halves' characteristics and instructions, the left half's first, for both mana costs (702.102a-d)",
        Modelled("casting.lp", ("702.102a", "702.102c", "702.102d")), "stack/split-card-fused-from-hand"),
    _kw("aftermath", "on a split card's right half: that half may be cast from its owner's graveyard and from no other "
        "zone, and, cast from a graveyard, it is exiled instead of put anywhere else as it leaves the stack (702.127a)",
        Modelled("casting.lp", ("702.127a",)), "stack/split-card-aftermath-from-the-graveyard"),
    _kw("split_second", "as long as this spell is on the stack, players can't cast other spells or activate abilities "
        "that aren't mana abilities (702.61a)", Modelled("casting.lp", ("702.61a", "702.61b")),
        "stack/split-second-stops-a-response"),
    _kw("shroud", "can't be the target of spells or abilities (702.18)", Modelled("stack.lp", ("702.18a",)),
        "craft/shroud-cannot-be-targeted"),
    _kw("flying", "can be blocked only by creatures with flying or reach (702.9b)",
        Modelled("combat.lp", ("702.9b",)), "combat/a-flyer-only-reach-can-block"),
    _kw("reach", "can block creatures with flying (702.17b)", Modelled("combat.lp", ("702.17b",)),
        "combat/a-flyer-only-reach-can-block"),
    _kw("flanking", "flanking, as filters see it (\"a creature without flanking\", 702.25a); its triggered ability "
        "is written beside it, as the importer writes it: {triggered: {when: becomes_blocked_by, filter: {types: "
        "[creature], not_keywords: [flanking]}, effect: {lasting_on_that: N}}} with a -1/-1 until end of turn as "
        "ability N; without it, refused", Modelled("combat.lp", ("702.25a",)),
        "combat/flanking-shrinks-a-blocker-without-flanking"),
    _kw("defender", "can't attack (702.3b)", Modelled("combat.lp", ("702.3b",)), "combat/defender-cannot-attack"),
    _kw("vigilance", "attacking doesn't cause it to tap (702.20b)", Modelled("combat.lp", ("702.20b",)),
        "combat/vigilance-attacks-untapped"),
    _kw("trample", "an attacker that may assign damage beyond lethal to its blockers to what it attacks (702.19b)",
        Modelled("combat.lp", ("702.19b", "702.19e")), "combat/deathtouch-trample-against-two-blockers"),
    _kw("first_strike", "deals combat damage in a first combat damage step (702.7b, 510.4)",
        Modelled("combat.lp", ("702.7b", "510.4")), "combat/first-striker-against-a-double-striker"),
    _kw("assigns_no_combat_damage", "\"This creature assigns no combat damage\" (510.1a), printed or given for a turn (\"~ "
        "assigns no combat damage this turn\")", Modelled("combat.lp", ("510.1a",)),
        "combat/a-creature-given-no-combat-damage-deals-none"),
    _kw("double_strike", "deals combat damage in both combat damage steps (702.4b, 510.4)",
        Modelled("combat.lp", ("702.4b", "510.4")), "combat/double-striker-in-the-second-step"),
    _kw("menace", "can't be blocked except by two or more creatures (702.111b)", Modelled("combat.lp", ("702.111b",)),
        "combat/menace-with-one-possible-blocker"),
    _kw("cant_block", "\"This creature can't block\" (a restriction, 509.1b)", Modelled("combat.lp", ("509.1b",)),
        "combat/a-creature-that-cant-block"),
    _kw("cant_be_blocked", "\"This creature can't be blocked\" (a restriction, 509.1b)",
        Modelled("combat.lp", ("509.1b",)), "combat/a-creature-that-cant-be-blocked"),
    _kw("cant_be_blocked_by_more_than_one", "\"This creature can't be blocked by more than one creature\" (a "
        "restriction, 509.1b)", Modelled("combat.lp", ("509.1b",)), "combat/blocked-by-one-creature-at-most"),
    _kw("cant_attack_alone", "\"This creature can't attack alone\": another creature must attack too (506.5, a "
        "restriction, 508.1c)", Modelled("combat.lp", ("506.5", "508.1c")), "combat/a-creature-that-cant-attack-alone"),
    _kw("cant_block_alone", "\"This creature can't block alone\": another creature must block too (506.5, a "
        "restriction, 509.1b)", Modelled("combat.lp", ("506.5", "509.1b")), "combat/a-creature-that-cant-block-alone"),
    _kw("assign_as_though_unblocked", "\"You may have this creature assign its combat damage as though it weren't "
        "blocked\": blocked, its controller chooses between all of its damage to what it attacks and the usual way "
        "(510.1c)", Modelled("combat.lp", ("510.1c",)), "combat/thorn-elemental-assigns-as-though-unblocked"),
    _kw("block_additional", "\"This creature can block an additional creature each combat\": it may block two "
        "attacking creatures (509.1a); one more such effect is not counted (refused where it has two)",
        Modelled("combat.lp", ("509.1a",)), "combat/a-creature-blocks-two-attackers"),
    _kw("block_any_number", "\"This creature can block any number of creatures\" (509.1a)",
        Modelled("combat.lp", ("509.1a",)), "combat/a-wall-blocks-every-attacker"),
    _kw("must_be_blocked_by_all_able", "\"All creatures able to block this creature do so\" (a requirement of each "
        "creature able to block it, 509.1c)", Modelled("combat.lp", ("509.1c",)),
        "combat/all-creatures-able-to-block-it-do-so"),
    _kw("must_be_blocked", "\"This creature must be blocked if able\" (a requirement that at least one creature "
        "block it, 509.1c)", Modelled("combat.lp", ("509.1c",)), "combat/a-creature-that-must-be-blocked-if-able"),
    _kw("blocks_each_combat", "\"This creature blocks each combat if able\" (a requirement, 509.1c)",
        Modelled("combat.lp", ("509.1c",)), "combat/blocks-each-combat-with-a-menace-attacker"),
    _kw("cant_attack_unless_defender_controls_island", "\"This creature can't attack unless defending player "
        "controls an Island\" (a restriction, 508.1c)", Modelled("combat.lp", ("508.1c",)),
        "combat/cant-attack-unless-defender-controls-an-island"),
    _kw("exert_as_it_attacks", "\"You may exert this creature as it attacks\": as it is declared an attacker, its "
        "controller may exert it, and it won't untap during their next untap step (701.43a, 502.3); \"when you do\" is a "
        "triggered ability on that choice (trigger exerted, 603.12a)", Modelled("combat.lp", ("701.43a", "603.12a")),
        "combat/exerted-as-it-attacks"),
    _kw("attacks_each_combat", "\"This creature attacks each combat if able\" (a requirement, 508.1d)",
        Modelled("combat.lp", ("508.1d",)), "combat/attacks-each-combat-unless-tapped"),
    _kw("deathtouch", "any damage it deals to a creature is lethal (702.2)", Modelled("events.lp", ("702.2b",)),
        "sequences/deathtouch-ping-destroys"),
    _kw("lifelink", "damage it deals also causes its controller to gain that much life (702.15)",
        Modelled("events.lp", ("702.15b",)), "sequences/lifelink-ping-gains-life"),
    _kw("totem_armor", "totem armor (umbra armor): \"if enchanted creature would be destroyed, instead remove all "
        "damage from it and destroy this Aura\" (702.89a); beside a regeneration shield or another such Aura, the "
        "creature's controller chooses which applies (616.1)", Modelled("events.lp", ("702.89a", "616.1")),
        "sequences/totem-armor-saves-the-enchanted-creature"),
    _kw("indestructible", "it can't be destroyed by damage or by effects that say \"destroy\" (702.12)",
        Modelled("events.lp", ("702.12b",)), "sequences/indestructible-survives-lethal-damage"),
    _kw("cant_be_countered", "\"This spell can't be countered\": an effect that counters it does nothing to it (101.2, "
        "701.5a)", Modelled("stack.lp", ("101.2", "701.5a")), "stack/a-spell-that-cant-be-countered"),
    _kw("flash", "may be cast any time its controller could cast an instant (702.8a)",
        Modelled("casting.lp", ("702.8a", "117.1a")), "stack/flash-creature-cast-in-combat"),
    _kw("convoke", "each creature its caster taps while paying for it pays for one mana of that creature's color or one "
        "generic mana (702.51a)", Modelled("payment.lp", ("702.51a", "702.51b")),
        "payment/convoke-pays-colored-and-generic"),
    _kw("improvise", "each artifact its caster taps while paying for it pays for one generic mana (702.126a)",
        Modelled("payment.lp", ("702.126a",)), "payment/improvise-pays-generic-only"),
    _kw("delve", "each card its caster exiles from their graveyard while paying for it pays for one generic mana "
        "(702.66a)", Modelled("payment.lp", ("702.66a",)), "payment/delve-exiles-from-the-graveyard"),
    _kw("hexproof", "can't be the target of spells or abilities its controller's opponents control (702.11b)",
        Modelled("stack.lp", ("702.11b",)), "stack/hexproof-against-an-opponent"),
    *(_kw(f"protection_from_{color}", f"protection from {color}: not targeted, blocked, enchanted or dealt damage by "
          f"what is {color} (702.16b-f)", Modelled("stack.lp", ("702.16a", "702.16b", "702.16e", "702.16f")),
          "combat/protection-from-each-color-blocking")
      for color in ("white", "blue", "black", "red", "green")),
    *(_kw(f"{land}walk", f"{land}walk: can't be blocked as long as the defending player controls a land of the type "
          f"{land.capitalize()} (702.14b)", Modelled("combat.lp", ("702.14b", "702.14c")),
          "combat/landwalk-of-each-basic-land-type")
      for land in ("plains", "island", "swamp", "mountain", "forest")),
    _kw("fear", "can't be blocked except by artifact creatures and/or black creatures (702.36b)",
        Modelled("combat.lp", ("702.36b",)), "combat/fear-intimidate-and-horsemanship"),
    _kw("intimidate", "can't be blocked except by artifact creatures and/or creatures that share a color with it "
        "(702.13b)", Modelled("combat.lp", ("702.13b",)), "combat/fear-intimidate-and-horsemanship"),
    _kw("horsemanship", "can't be blocked except by creatures with horsemanship (702.31b)",
        Modelled("combat.lp", ("702.31b",)), "combat/fear-intimidate-and-horsemanship"),
    _kw("skulk", "can't be blocked by creatures with greater power (702.118b)", Modelled("combat.lp", ("702.118b",)),
        "combat/skulk-evades-greater-power"),
    _kw("shadow", "can't be blocked by creatures without shadow, and can block only creatures with shadow (702.28b)",
        Modelled("combat.lp", ("702.28b",)), "combat/shadow-blocks-and-is-blocked-only-by-shadow"),
    _kw("can_block_only_flyers", "\"This creature can block only creatures with flying\" (a restriction, 509.1b)",
        Modelled("combat.lp", ("509.1b",)), "combat/shadow-blocks-and-is-blocked-only-by-shadow"),
    _kw("devoid", "this object is colorless, in every zone (a characteristic-defining ability, 702.114a)",
        Modelled("core.lp", ("702.114a", "604.3")), "layers/devoid-is-colorless"),
    _kw("changeling", "this object is every creature type (205.3m), in every zone (a characteristic-defining ability, "
        "702.73a, 604.3): the official ones, and those the situation's creature cards carry",
        Modelled("core.lp", ("702.73a", "604.3", "205.3m")), "layers/a-changeling-is-every-creature-type"),
    _kw("wither", "deals damage to creatures in the form of -1/-1 counters (702.80b, 120.3d)",
        Modelled("events.lp", ("702.80b", "120.3d")), "sequences/wither-damage-as-counters"),
    _kw("infect", "deals damage to creatures as -1/-1 counters and to players as poison counters (702.90b-c, 120.3b)",
        Modelled("events.lp", ("702.90b", "702.90c", "120.3b")), "sequences/infect-gives-poison-counters"),
    _kw("cumulative_upkeep", "an upkeep cost that grows (702.24a): it triggers at the beginning of its controller's "
        "upkeep, where a situation that reaches it is refused (its age counters and payment are not modelled)",
        Modelled("triggers.lp", ("702.24a",)), "sequences/cumulative-upkeep-is-refused-as-it-triggers"),
    _kw("opening_hand_start", "may begin the game on the battlefield (Leyline; Gemstone Caverns, whose luck counter "
        "the situation gives)", Inert("it matters only before "
        "the game starts")),
    _kw("partner", "\"You can have two commanders if both have partner\" (702.124a)", Inert("it changes only how a "
        "Commander deck is built, before the game starts")),
    _kw("doesnt_untap", "\"This permanent doesn't untap during your untap step\" (502.3): in a sequence, the action "
        "untap_step leaves it tapped", Modelled("triggers.lp", ("502.3",)), "sequences/a-permanent-that-doesnt-untap"),
    _kw("may_not_untap", "\"You may choose not to untap this permanent during your untap step\" (502.3): in a "
        "sequence, the action untap_step untaps it or not, each an outcome", Modelled("triggers.lp", ("502.3",)),
        "sequences/a-permanent-that-may-stay-tapped"),
    _kw("enchanted_doesnt_untap", "an Aura's \"Enchanted creature (permanent) doesn't untap during its controller's "
        "untap step\" (502.3): in a sequence, the action untap_step leaves that permanent tapped",
        Modelled("triggers.lp", ("502.3",)), "sequences/an-aura-keeps-its-permanent-tapped"),
    _kw("no_maximum_hand_size", "\"You have no maximum hand size\" (402.2): in a sequence, the action cleanup makes "
        "its controller discard nothing", Modelled("triggers.lp", ("402.2", "514.1")),
        "sequences/no-maximum-hand-size-discards-nothing"),
    _kw("cant_lose_the_game", "\"You can't lose the game\" (also \"... and your opponents can't win the game\"): its "
        "controller loses by no state-based action while it is on the battlefield (104.3, 101.2; a player wins only "
        "once every opponent has lost, 104.2a, so the second half goes with the first)",
        Modelled("sba.lp", ("104.3", "101.2")), "sequences/platinum-angel-keeps-its-controller-in-the-game"),
    _kw("opponents_cant_lose_the_game", "\"Your opponents can't lose the game\" (also \"you can't win the game "
        "and ...\"): its controller's opponents lose by no state-based action while it is on the battlefield (104.3, "
        "101.2)", Modelled("sba.lp", ("104.3", "101.2")),
        "sequences/abyssal-persecutor-keeps-opponents-in-the-game"),
    _kw("no_loss_for_zero_life", "\"You don't lose the game for having 0 or less life\": 704.5a does nothing for "
        "its controller while it is on the battlefield (poison and an empty library still count)",
        Modelled("sba.lp", ("704.5a",)), "sequences/a-player-at-zero-life-under-lich"),
    _kw("start_over_instead_of_losing", "\"If you would lose the game, instead shuffle your hand, your graveyard, and "
        "all permanents you own into your library, then draw seven cards and your life total becomes 20\" (Lich's "
        "Mirror; 614.1a, 701.24a, 121.1, 119.5): the seven cards are drawn at random, each set of them an outcome. "
        "Beside another state-based action in the same check: refused", Modelled("sba.lp", ("614.1a", "704.5a")),
        "sequences/lichs-mirror-instead-of-losing"),
    _kw("skip_draw_step", "\"Skip your draw step\" (614.10, 504.1): in a sequence, its controller's draw step does not "
        "happen: from their upkeep the action main begins the precombat main phase, and the action draw_step is not "
        "legal", Modelled("triggers.lp", ("614.10", "504.1")), "sequences/a-skipped-draw-step"),
    _kw("overload", "an alternative cost that replaces \"target\" with \"each\" (702.96)",
        Inert("it matters only when the spell is cast for its overload cost, an alternative cost pyrules does not "
              "offer")),
    _kw("awaken", "an alternative cost that also puts +1/+1 counters on a land you control, which becomes a creature "
        "(702.113a)", Inert("it matters only when the spell is cast for its awaken cost, an alternative cost pyrules "
                            "does not offer")),
    _kw("spectacle", "an alternative cost, payable if an opponent lost life this turn (702.137a)",
        Inert("it matters only when the spell is cast for its spectacle cost, an alternative cost pyrules does not "
              "offer")),
    _kw("embalm", "\"[Cost], exile this card from your graveyard: create a token that's a copy of it, except it's a "
        "white Zombie with no mana cost; activate only as a sorcery\" (702.128a): refused where what its owner can "
        "activate is asked while it is in their graveyard; no action activates it",
        Modelled("activation.lp", ("702.128a",)), "activation/embalm-is-refused-where-activations-are-listed"),
    _kw("eternalize", "\"[Cost], exile this card from your graveyard: create a token that's a copy of it, except it's "
        "a 4/4 black Zombie with no mana cost; activate only as a sorcery\" (702.129a): refused where what its owner "
        "can activate is asked while it is in their graveyard; no action activates it",
        Modelled("activation.lp", ("702.129a",)), "activation/eternalize-is-refused-where-activations-are-listed"),
    _kw("ninjutsu", "\"[Cost], return an unblocked attacker you control to its owner's hand: put this card onto the "
        "battlefield from your hand tapped and attacking\" (702.49a): refused where what its owner can activate is "
        "asked while it is in their hand; no action activates it",
        Modelled("activation.lp", ("702.49a",)), "activation/ninjutsu-is-refused-where-activations-are-listed"),
    _kw("banding", "forms bands of attackers and lets the other player divide combat damage (702.22c-k): a creature "
        "with banding declared as an attacker, or attacking as blockers are declared, or in combat as combat damage "
        "is dealt, is refused (bands are not modelled); elsewhere it does nothing",
        Modelled("combat.lp", ("702.22c", "702.22j", "702.22k")), "combat/banding-in-combat-is-refused"),
    _kw("provoke", "\"whenever this creature attacks, you may have target creature defending player controls untap "
        "and block it if able\" (702.39a): refused as it triggers, when the creature is declared as an attacker",
        Modelled("combat.lp", ("702.39a",)), "combat/provoke-is-refused-as-it-triggers"),
    _kw("melee", "\"whenever this creature attacks, it gets +1/+1 until end of turn for each opponent you attacked "
        "this combat\" (702.121a): refused as it triggers, when the creature is declared as an attacker",
        Modelled("combat.lp", ("702.121a",)), "combat/melee-is-refused-as-it-triggers"),
    _kw("phasing", "phases in or out as its controller's untap step begins (702.26a, 502.1): refused in a sequence that "
        "begins that untap step", Modelled("triggers.lp", ("702.26a", "502.1")),
        "sequences/phasing-is-refused-as-the-untap-step-begins"),
    _kw("dredge", "\"if you would draw a card, you may mill N cards instead; if you do, return this card from your "
        "graveyard to your hand\" (702.52a): refused as its owner would draw while it is in their graveyard",
        Modelled("events.lp", ("702.52a",)), "sequences/dredge-is-refused-as-its-owner-would-draw"),
    _kw("miracle", "\"you may cast this card for its miracle cost when you draw it, if it's the first card you drew "
        "this turn\" (702.94a): refused as its owner draws while it is in their library",
        Modelled("stack.lp", ("702.94a",)), "sequences/miracle-is-refused-as-its-owner-draws"),
    _kw("recover", "\"when a creature is put into your graveyard from the battlefield, you may pay [cost]; if you do, "
        "return this card from your graveyard to your hand, otherwise exile it\" (702.59a): refused as a permanent "
        "its owner owns dies while it is in their graveyard", Modelled("triggers.lp", ("702.59a",)),
        "sequences/recover-is-refused-as-it-triggers"),
    _kw("champion", "\"when this enters, sacrifice it unless you exile another [object] you control; when it leaves, "
        "return the exiled card\" (702.72a): refused as it enters", Modelled("events.lp", ("702.72a",)),
        "sequences/champion-is-refused-as-it-enters"),
    _kw("cipher", "\"you may exile this spell card encoded on a creature you control\" as it resolves (702.99a): "
        "refused as the spell resolves", Modelled("stack.lp", ("702.99a",)),
        "sequences/cipher-is-refused-as-the-spell-resolves"),
    _kw("splice", "splice onto Arcane: as its owner casts an Arcane spell, they may reveal this card from their hand "
        "and pay its splice cost to add its text to that spell (702.47a, 601.2b): refused as they cast one",
        Modelled("casting.lp", ("702.47a", "601.2b")), "stack/splice-is-refused-as-an-arcane-spell-is-cast"),
    _kw("conspire", "an additional cost (tap two untapped creatures you control that share a color with it) that "
        "copies the spell (702.78a): refused as the spell is cast",
        Modelled("casting.lp", ("702.78a",)), "stack/conspire-is-refused-as-the-spell-is-cast"),
    _kw("escalate", "an additional cost for each mode chosen beyond the first (702.120a): refused as the spell is cast",
        Modelled("casting.lp", ("702.120a",)), "stack/escalate-is-refused-as-the-spell-is-cast"),
    _kw("riot", "\"you may have this permanent enter with an additional +1/+1 counter on it; if you don't, it gains "
        "haste\": the player it enters for chooses as it enters (702.136a); the counter is a replacement like the others "
        "of its entering (616.1), the haste an effect from then on", Modelled("events.lp", ("702.136a", "614.1c")),
        "replacement/riot-a-counter-or-haste"),
)

#: The keywords' names, as written.
KEYWORD_NAMES: tuple[str, ...] = tuple(k.name for k in KEYWORDS)
