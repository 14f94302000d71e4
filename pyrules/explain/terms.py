"""Game words for the terms the encodings build: the identities of events and stack items, the states of
the replacement engine, abilities, costs and choices, each as a judge would say it.

The catalogues of ``asp/`` say what each *atom* means; the terms inside atoms (``ability(O,A)``,
``cost(O,A,tap)``, ``m(0,0,0,0,1,0)``, ``en(1,p1p1,2,none)``) are the encodings' own notation. Each term
constructor has a phrase here, with ``{0}``, ``{1}``... standing for its arguments in game words; the
states of the replacement engine (mana, entering, counters, tokens, damage, destinations) and abilities
are worded by small functions. A term with no phrase is written as clingo writes it: the judge-view
test over the corpus (tests/test_judge.py) finds any that a case shows.
"""

from __future__ import annotations

from clingo import Symbol, SymbolType

from pyrules.engine.atoms import format_atom

#: name/arity -> phrase, its arguments in game words ({0}, {1}, ...). Identities are noun phrases; the
#: events an identity names (happens/2's second argument) are clauses.
PHRASES: dict[str, str] = {
    # what happens (the events of happens/2)
    "tap/1": "{0} becomes tapped",
    "untap/1": "{0} becomes untapped",
    "move/3": "{0} moves from {1} to {2}",
    "put_on_stack/1": "{0} is put on the stack",
    "transform/1": "{0} transforms",
    "add_mana/3": "{2} {1} is added to {0}'s mana pool",
    "spend/3": "{0} spends {2} {1}",
    "lose_life/2": "{0} loses {1} life",
    "gain_life/2": "{0} gains {1} life",
    "get_energy/2": "{0} gets {1} energy counters",
    "crew/1": "tapping {0} to crew",
    "pay_energy/2": "{0} pays {1} energy counters",
    # identities: of events, stack items and choices
    "cast/1": "casting {0}",
    "spell/1": "the spell {0}",
    "copy/2": "copy {1} of {0}",
    "resolve/1": "{0} resolving",
    "exile/1": "exiling {0}",
    "activation/2": "activating {ability}",
    "activate/2": "activating {ability}",
    "activate_life/3": "activating {ability}, paying {2} life",
    "cost/3": "the cost of {ability}: {2}",
    "cost_life/1": "the life paid for {0}",
    "mana/2": "the {1} that {0} makes",
    "spend/2": "paying for {0} with {1}",
    "left/3": "the {2} that {1} makes and paying for {0} leaves unspent",
    "paid/3": "the {2} that {1} makes, spent paying for {0}",
    "effect/2": "the effect of {0}",
    "effect/3": "the effect of {0} on {2}",
    "i/2": "the effect of {0}",
    "prevented/2": "the damage shield {1} of {0} prevents",
    "i/3": "the effect of {0} on {2}",
    "d/3": "the damage {0} deals",
    "damage/1": "{0}",
    "counters/1": "the counters from {0}",
    "tokens/1": "the tokens from {0}",
    "tokens/2": "the {1} tokens created for {0} by the same instructions",
    "enter/1": "{0} entering the battlefield", "devour/1": "{0} devouring as it enters",
    "to_graveyard/1": "{0} going to a graveyard",
    "trigger/3": "{ability}, triggered by {2}",
    "triggered/3": "{ability}, triggered by {2}",
    "tr/3": "{ability}, triggered by {2}",
    "ability_copy/2": "the copy of {0} made by {1}",
    "hyp/3": "{0}, imagined as activated by {1}",
    "sac/2": "{0} with {1} sacrificed",
    "xv/2": "{0} with X = {1}",
    "sba/1": "the state-based actions on {0}",
    "start_over/1": "{0}'s loss of the game, replaced: shuffling, drawing seven and 20 life (614.1a)",
    "discard/2": "{0} making {1} be discarded",
    "gr/1": "{0}, granted",
    "granted/2": "{1}, granted by {0}",
    "crafted/2": "{1}, crafted with {0}",
    "convoke/2": "{1} convoking {0}",
    "unless/2": "the cost that keeps instruction {1} of {0} from being followed",
    "paid_for/2": "the cost paid so that instruction {1} of {0} is followed",
    "improvise/2": "{1} tapped to improvise for {0}",
    "delve/2": "{1} exiled to delve for {0}",
    "rounds/1": "the rounds of discarding, {0} first",
    "step/1": "step {0}",
    "token/2": "token {1} of {0}",
    "token/1": "{0} tokens",
    "copy/1": "a copy of {0}",
    # the exceptions of a copy effect (707.9b)
    "add_type/1": "the card type {0} in addition to its others",
    "add_subtype/1": "the subtype {0} in addition to its others",
    "not_supertype/1": "not {0}",
    "base_pt/2": "power {0} and toughness {1}",
    "token/3": "token {2} of kind {1} from {0}",
    "cost/2": "the additional cost of {0}: {1}",
    "made/1": "the mana {0} made",
    "effect/1": "the lasting effect {0}",
    "dies/1": "{0} dying",
    "gain/2": "{1} gaining life from {0}",
    "drawing/2": "{1} drawing cards from {0}",
    "lifelink/1": "the lifelink of {0}",
    "exiled/1": "{0} being put into exile from the battlefield",
    "dies_or_exiled/1": "{0} dying or being put into exile from the battlefield",
    "crafted_away/1": "{0} being exiled from the battlefield as a craft material",
    "draw/3": "{0} drawing {2}",
    "draw/4": "{0} making {2} draw {3}",
    "draw/1": "{0} drawing",
    "cd/2": "the combat damage {0} deals to {1}",
    "combat/1": "the combat damage {0} deals",
    "withered/1": "{0}, from a source with wither or infect,",
    "regeneration/1": "the regeneration of {0}",
    "totem_armor/1": "the totem armor of {0}",
    "shield/2": "prevention shield {1} of {0}",
    "protection/1": "the protection of {0}",
    "combat_damage/3": "{0} dealing {2} combat damage to {1}",
    "attacks/1": "{0} attacking",
    "attacks_alone/1": "{0} attacking alone",
    "blocks/1": "{0} blocking",
    "becomes_blocked/1": "{0} becoming blocked", "blocked_by/2": "{0} becoming blocked by {1}",
    "blocks_creature/2": "{0} blocking {1}", "monstrous/1": "{0} becoming monstrous",
    "combat_damage_to/2": "{0} dealing combat damage to {1}",
    "cast_self/2": "{0} being cast, after {1} spells this turn",
    "cycled/2": "{0} being cycled", "exiled_with_madness/1": "{0} being exiled by its madness as it was discarded",
    "discarded/2": "{0} discarding {1}", "unseen/1": "a card the situation does not name ({0})",
    "unseen_card/1": "a card of {0}'s hand the situation does not name",
    "becomes_target/2": "{0} becoming a target of {1}",
    "targeted_by_your_spell/2": "{1}, cast by {0}'s controller, targeting {0}",
    "turned_up/1": "{0} being turned face up",
    "gains_life/2": "{1} gaining life from {0}",
    "tapped/1": "{0} becoming tapped",
    "dealt_damage/3": "{0} being dealt {2} damage ({1})", "deals_damage/3": "{0} dealing {2} damage ({1})",
    "damage_to_player/4": "{0} dealing {3} damage to {1} ({2})",
    "untapped/1": "{0} becoming untapped",
    "explores/2": "the creature of {0} exploring (its instruction {1})",
    "exerted/1": "{0} being exerted", "unblocked/1": "{0} attacking and not being blocked",
    "face_up/1": "turning {0} face up",
    "up/1": "{0}, turned face up",
    # why an action is not legal (illegal/1, and a line's ending)
    "cannot_activate/4": "{0} cannot activate {ability12}: {3}",
    "cannot_cast/3": "{0} cannot cast {1}: {2}",
    "cannot_play/3": "{0} cannot play {1}: {2}",
    "cannot_turn_face_up/3": "{0} cannot turn {1} face up: {2}",
    "cannot_suspend/3": "{0} cannot suspend {1}: {2}",
    "cannot_attack/2": "{0} cannot attack: {1}",
    "may_not_attack/2": "{0} may not attack {1}: a creature attacks an opponent or a planeswalker one controls",
    "cannot_block/2": "{0} cannot block {1}",
    "must_attack/1": "{0} attacks each combat if able and is able to, but does not attack (508.1d)",
    "must_block/1": "{0} blocks each combat if able and could block in a declaration obeying more requirements, "
                    "but does not block (509.1c)",
    "must_block_lure/2": "{0} is able to block {1}, which all creatures able to block must block, and could in a "
                         "declaration obeying more requirements, but does not block it (509.1c)",
    "must_be_blocked/1": "{0} must be blocked if able, and a declaration obeying more requirements could block it, "
                         "but nothing does (509.1c)",
    "menace/1": "{0} has menace and is blocked by only one creature (702.111b)",
    "cannot_block_alone/1": "{0} can't block alone, and no other creature blocks (506.5)",
    "blocked_by_more_than_one/1": "{0} can't be blocked by more than one creature, and more block it (509.1b)",
    "blocks_too_many/1": "{0} blocks more attacking creatures than it can (509.1a)",
    "as_though_unblocked/1": "{0} assigns its combat damage as though it weren't blocked, as its controller chose",
    "cannot_declare_attackers/1": "attackers cannot be declared now: {0}",
    "cannot_begin_upkeep/1": "the upkeep cannot begin now: {0}",
    "upkeep/1": "the beginning of {0}'s upkeep",
    "last_time_counter/1": "the last time counter removed from {0}",
    "state/2": "the game state {1} waits for (603.8)",
    "end_step/1": "the beginning of {0}'s end step",
    "draw_step/1": "the beginning of {0}'s draw step", "cannot_begin_draw_step/1": "the draw step cannot begin now: {0}",
    "each_end_step/1": "the beginning of {0}'s end step",
    "each_upkeep/1": "the beginning of {0}'s upkeep",
    "cannot_begin_end_step/1": "the end step cannot begin now: {0}",
    "cannot_begin_end_of_combat/1": "the end of combat step cannot begin now: {0}",
    "cannot_begin_combat/1": "the combat phase cannot begin now: {0}",
    "cannot_begin_main_phase/1": "a main phase cannot begin now: {0}",
    "cannot_begin_cleanup/1": "the cleanup step cannot begin now: {0}",
    "cannot_begin_untap_step/1": "the next turn cannot begin now: {0}",
    "cleanup/1": "the cleanup step of {0}'s turn",
    "combat_begins/1": "the beginning of combat on {0}'s turn",
    "each_draw_step/1": "the beginning of {0}'s draw step", "untap_step/1": "the untap step of {0}'s turn",
    "end_of_combat/1": "the beginning of the end of combat step of {0}'s turn",
    "cannot_declare_blockers/1": "blockers cannot be declared now: {0}",
    "no_combat_damage_step/1": "no combat damage step can begin now: {0}",
    "combat_damage_step/1": "the {0} combat damage step (510.4)",
    "cannot_pay/1": "the {0} part of the cost cannot be paid",
    "illegal_target/2": "{1} is not a legal target {0}",
    "not_in_zone/1": "it is not in {0}",
    # what a cost asks (the third argument of cost/3)
    "sacrifice/1": "sacrificing {0}",
    "put/1": "putting {0} counters on it",
    "remove/1": "removing a {0} counter from it",
    "material/1": "exiling {0}",
    "discard/1": "the card discarded for {0}",
}

#: What the situation's file says of an object or a player (the fact's first argument, the line's subject):
#: name/arity -> phrase of the other arguments ({1}, {2}, ...; {0} is the subject).
GIVEN: dict[str, str] = {
    "card/2": "{1}", "owner/2": "owned by {1}", "initial_controller/2": "controlled by {1}",
    "initial_zone/2": "{place}", "initial_tapped/1": "tapped", "initial_counters/3": "with {2} {1} counters",
    "object/1": "an object", "token/1": "a token", "face/2": "{1} face up", "copy_card/2": "a copy of {1}",
    "copy_exception/2": "except that it has {1}",
    "attached_to/2": "attached to {1}", "chosen_color/2": "the color chosen for it: {1}",
    "chosen_subtype/2": "the creature type chosen for it: {1}", "damage/2": "{1} damage marked on it",
    "damaged_by_this_turn/2": "dealt damage by {1} earlier this turn",
    "gained_keyword/2": "has gained {1}", "poison/2": "{1} poison counters",
    "energy/2": "{1} energy counters",
    "new_to_controller/1": "came under its controller's control this turn",
    "loyalty_activated/1": "a loyalty ability of it was activated this turn",
    "used_this_turn/3": "{1} used {2} times this turn", "used_to_craft/2": "crafted with {1}",
    "exiled_with/2": "{1} was exiled with {0}",
    "timestamp/2": "timestamp {1}", "library_position/2": "place {1} in its library",
    "library_bottom/1": "at the bottom of its library, below the cards only counted",
    "may_play_this_turn/2": "{1} may play it this turn",
    "stack_position/2": "place {1} on the stack (1: the top)",
    "object_mode/2": "mode {1} chosen", "object_x/2": "X is {1}", "stack_x/2": "X is {1}",
    "object_kicked/1": "kicked", "object_times_kicked/2": "kicked {1} times (multikicker)",
    "object_evoked/1": "cast for its evoke cost", "object_surged/1": "cast for its surge cost",
    "object_flashback/1": "cast with flashback",
    "object_cast_from_hand/1": "cast from its owner's hand",
    "object_color_spent/2": "{1} mana was spent to cast it",
    "object_buyback/1": "cast with buyback", "initial_face_down/1": "face down (a 2/2 creature with no text, 708.2)",
    "object_cant_be_countered/1": "can't be countered (the mana spent on it said so)", "object_renowned/1": "renowned",
    "object_tribute_paid/1": "its tribute paid (702.104a)",
    "object_monstrous/1": "monstrous", "object_dashed/1": "cast for its dash cost", "object_bestowed/1": "bestowed",
    "object_replicated/2": "with its replicate cost paid {1} times",
    "object_cast_with_suspend/1": "cast as its suspend ability resolved",
    "came_since_last_upkeep/1": "came under its controller's control since their last upkeep",
    "spell_copy/1": "a copy of a spell",
    "stack_mode/2": "mode {1} chosen",
    "stack_ability/3": "{ability12} on the stack", "target/3": "target {1}: {2}",
    "division/3": "{2} of its damage to target {1}", "object_division/3": "{2} of its damage to target {1}",
    "trigger_item/2": "triggered by {1}", "trigger_object/2": "triggered on an event about {1}",
    "trigger_amount/2": "triggered on an event of {1} (its \"that much\")",
    "attacking/2": "attacking {1}", "blocking/2": "blocking {1}", "blocked/1": "blocked",
    "struck_first/1": "dealt first-strike combat damage (510.4)",
    "regeneration_shields/2": "protected by {1} regeneration shields this turn",
    "prevention_shield/3": "a shield prevents the next {2} damage that would be dealt to it this turn",
    "prevention_shield_counters/3": "its shield {1} puts a {2} counter on it for each 1 damage it prevents",
    "question_attack/2": "declared as an attacker, attacking {1}", "question_block/2": "declared as a blocker of {1}",
    "player/1": "a player", "active_player/1": "the active player", "priority/1": "has priority",
    "empty_library_draw/1": "has drawn from an empty library", "deathtouch_damage/1": "dealt damage by deathtouch",
    "seat/2": "seat {1} in turn order", "initial_life/2": "{1} life",
    "initial_pool/3": "{2} {1} in their mana pool",
    "initial_restricted_pool/4": "{3} {1} in their mana pool, to spend only as {2} says",
    "lands_played/2": "{1} lands played this turn",
    "dealt_damage_this_turn/1": "was dealt damage this turn",
    "permanent_left_this_turn/1": "a permanent they controlled left the battlefield this turn",
    "attacked_this_turn/1": "attacked with a creature this turn",
    "spells_cast_last_turn/2": "{1} spells cast last turn",
    "spells_cast_this_turn/2": "{1} spells cast this turn",
    "unseen_hand/2": "{1} unseen cards in hand",
    "unseen_library/2": "{1} unseen cards in library",
    "unseen_graveyard/2": "{1} unseen cards in graveyard", "lasting_effect/3": "{1}, controlled by {2}",
    "effect_affects/2": "changes {1}",
}

#: Where an object is, in words (the zone of initial_zone/2).
PLACES: dict[str, str] = {"battlefield": "on the battlefield", "stack": "on the stack", "graveyard": "in its owner's "
                          "graveyard", "exile": "in exile", "hand": "in its owner's hand", "library": "in its owner's "
                          "library", "command": "in the command zone"}

#: What the situation's file says of the game (facts about no object or player): name/arity -> phrase.
GIVEN_GAME: dict[str, str] = {
    "active_player/1": "{0} is the active player", "priority/1": "{0} has priority", "phase/1": "the phase: {0}",
    "step/1": "the step: {0}", "question/1": "the question: {0}", "question_target/2": "its target {0}: {1}",
    "question_x/1": "X is {0}", "question_division/2": "{1} of the damage to target {0}",
    "question_resolves/0": "it resolves at once", "question_pool_only/0": "paid from the mana pool only",
    "question_kicked/0": "kicked", "question_times_kicked/1": "with its multikicker cost paid {0} times",
    "question_buyback/0": "with its buyback cost paid",
    "question_alternative_cost/0": "for its alternative cost", "question_evoke/0": "for its evoke cost",
    "question_dash/0": "for its dash cost", "question_surge/0": "for its surge cost", "question_bestow/0": "bestowed",
    "question_suspend/0": "without paying its mana cost, as its suspend ability resolves",
    "question_replicate/1": "with its replicate cost paid {0} times",
    "question_emerge/0": "for its emerge cost, sacrificing a creature",
    "question_ripple/0": "without paying its mana cost, as the ripple trigger that revealed it resolves",
    "question_cascade/0": "without paying its mana cost, as the cascade trigger that exiled it resolves",
    "question_entwine/0": "with its entwine cost paid, every mode chosen",
    "question_madness/0": "for its madness cost, as its madness trigger resolves",
    "question_rebound/0": "without paying its mana cost, as its rebound trigger resolves",
    "question_face_down/0": "face down, for {{3}} (morph)",
    "question_half/1": "as its half {0} (708.3; both: the two fused, 702.102)",
    "question_instead/1": "the effect itself says to put {0} instead", "question_mode/1": "mode {0} chosen",
    "stack_resolves_uninterrupted/0": "the stack resolves with no player acting",
    "triggers_wait/0": "triggered abilities wait until a player would receive priority",
    "lasting_effect/3": "{1} lasts, controlled by {2}",
    "effect_affects/2": "it changes {1}, as it did when it began (611.2c)",
    "timestamp/2": "timestamp {1}",
}

#: The questions (the argument of question/1): name/arity -> phrase.
QUESTIONS: dict[str, str] = {
    "resolve_top/0": "the top of the stack resolves", "priority/0": "a player would receive priority",
    "find_cards/0": "the top of the stack begins to resolve: its search finds cards",
    "could_produce/1": "what {0} could produce", "could_produce_all/0": "what each permanent could produce",
    "abilities/1": "the abilities of {0}", "abilities_all/0": "the abilities of each permanent",
    "characteristics/1": "what {0} is after the layers", "characteristics_all/0": "what each permanent is after the layers",
    "activatable/1": "what {0} can activate", "activate/3": "{0} activates {selected}",
    "cast/2": "{0} casts {1}", "play/2": "{0} plays {1}", "turn_face_up/2": "{0} turns {1} face up",
    "suspend/2": "{0} suspends {1}", "effect/1": "{0}",
    "put_counters/3": "{2} {1} counters are put on {0}", "create_tokens/3": "{0} creates {2} {tokens}",
    "enter/2": "{0} enters the battlefield under {1}'s control", "to_graveyard/1": "{0} would go to a graveyard",
    "declare_attackers/1": "the active player declares attackers ({0})",
    "declare_blockers/1": "the defending player declares blockers ({0})",
    "combat_damage/0": "a combat damage step",
}

#: What a choice is about (the second argument of chose/3): name/arity -> phrase.
CHOICES: dict[str, str] = {
    "sacrifice/1": "what to sacrifice for {0}",
    "discard/1": "what to discard for {0}",
    "keep_tapped/1": "whether {0} stays tapped in the untap step (502.3)",
    "exile_from_hand/1": "the card {0} exiles from a hand",
    "exile/1": "what to exile from a graveyard for {0}",
    "color/1": "the color of {0}",
    "to_hand/1": "the card {0} puts into a hand",
    "found/1": "what the search of {0} finds",
    "cast_copy/1": "whether to cast the copy of {0}",
    "target/2": "target {1} of {0}",
    "new_target/2": "the new target {1} of {0}",
    "division/2": "the damage divided to target {1} of {0}",
    "legend_rule/1": "which {0} to keep (the legend rule)",
    "mode/1": "a mode of {0}",
    "may/2": "whether to follow instruction {1} of {0}",
    "exert/1": "whether to exert {0} as it attacks",
    "reveal/2": "the card revealed to follow instruction {1} of {0} (it shares a creature type with its source)",
    "unless/2": "whether to pay so that instruction {1} of {0} is not followed",
    "paid_for/2": "whether to pay so that instruction {1} of {0} is followed",
    "pay_life/1": "the life paid as {0} enters",
    "reveal_as_it_enters/1": "whether to reveal a card from a hand as {0} enters (or it enters tapped)",
    "amplify/1": "how many cards are revealed for {0}'s amplify",
    "bolster/2": "the creature instruction {1} of {0} bolsters (one with the least toughness)",
    "explore_to_graveyard/2": "the card revealed by exploring (instruction {1} of {0}), put into a graveyard (701.44a)",
    "explore_on_top/2": "the card revealed by exploring (instruction {1} of {0}), left on top of the library (701.44a)",
    "surveil/2": "how many of the cards instruction {1} of {0} surveils go to the graveyard",
    "tap/1": "which permanent to tap for {0}",
    "untap/2": "which permanents instruction {1} of {0} untaps (up to its number)",
    "tap_or_untap/2": "whether instruction {1} of {0} taps its target, untaps it, or neither",
    "tribute/1": "whether to pay the tribute of {0}: N more +1/+1 counters as it enters (702.104a)",
    "proliferate/2": "a permanent or player instruction {1} of {0} gives another counter of each kind (proliferate)",
    "riot/1": "whether {0} enters with a +1/+1 counter or gains haste (riot)",
    "destruction_replaced/1": "what replaces the destruction of {0}: a regeneration shield or an Aura's totem armor (616.1)",
    "crew/1": "a creature tapped to crew {0}",
    "prevention/3": "how much of the damage {2} deals to {0} its prevention shield {1} prevents",
}

#: Constants that stand for something a judge names otherwise: costs, zones, counter kinds.
WORDS: dict[str, str] = {
    "battlefield": "the battlefield", "graveyard": "a graveyard", "exile": "exile", "hand": "a hand",
    "library": "a library", "stack": "the stack", "command": "the command zone",
    "p1p1": "+1/+1", "m1m1": "-1/-1", "question": "the question asked", "none": "none",
    "given": "as given", "open": "every legal declaration", "declare_attackers": "declaring attackers",
    "first_strike": "first strike", "regular": "regular",  # (a keyword; combat_damage_step/1's steps)
    "no_attackers": "none, no creature attacking (508.8)",
    "summoning_sick": "it came under its controller's control this turn and has no haste (302.6)",
    "tapped": "it is tapped", "defender": "it has defender (702.3b)",
    "kept_from_attacking": "an effect says it can't attack (508.1c)",
    "alone": "it can't attack alone, and no other creature attacks (506.5)",
    "no_island": "it can't attack unless the defending player controls an Island (508.1c)",
    "not_beginning_of_combat": "it is not the beginning of combat step",
    "not_declare_attackers_step": "it is not the declare attackers step", "stack_not_empty": "the stack is not empty",
    "not_after_blockers": "blockers have not been declared",
    "not_untap_step": "it is not the untap step, and no additional upkeep step is to come (500.10)",
    "additional_upkeep_steps_to_come": "additional upkeep steps come first (500.8, 500.10)",
    "additional_phase": "this upkeep is an additional phase's only step (500.10): the main phase comes next",
    "not_postcombat_main_phase": "it is not the postcombat main phase",
    "not_combat_damage_step": "it is not the combat damage step",
    "not_precombat_main_phase": "it is not the precombat main phase", "not_end_step": "it is not the end step",
    "not_after_draw_step_or_combat": "it is neither the draw step, nor the end of combat step, nor a declare "
                                     "attackers step in which no creature attacks",
    "not_cleanup_step": "it is not the cleanup step",
    "skipped": "it is skipped (614.10): the main phase comes next",
    "no_morph_cost": "its card has no morph cost (702.37e)", "face_down_card": "a face-down 2/2 (708.2)",
    "paid": "to pay", "declined": "not to pay",
    "citys_blessing": "the city's blessing (702.131c)",
}

#: The costs written as constants (the third argument of cost/3).
COSTS: dict[str, str] = {"tap": "tapping it", "untap": "untapping it", "life": "paying life", "energy": "paying energy",
                         "sacrifice_self": "sacrificing it", "exile": "exiling it"}

#: Why a player loses the game (the second argument of loses/2).
LOSSES: dict[str, str] = {"life": "having 0 or less life (704.5a)",
                          "empty_library": "having drawn from an empty library (704.5b)",
                          "poison": "having ten or more poison counters (704.5c)"}

_COLORS = "wubrgc"
_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
_BASIC_MANA = {"plains": "w", "island": "u", "swamp": "b", "mountain": "r", "forest": "g", "wastes": "c"}


def mana_text(amounts: list[int]) -> str:
    """Mana as its symbols: ``{G}``, ``{B}{B}``; ``6 {C}`` when long; ``no mana``."""
    symbols = []
    for color, n in zip(_COLORS, amounts):
        if n > 3:
            symbols.append(f"{n} {{{color.upper()}}}")
        else:
            symbols += [f"{{{color.upper()}}}"] * n
    return "".join(symbols) if symbols else "no mana"


def ordinal(n: int) -> str:
    return _ORDINALS[n - 1] if 0 < n <= len(_ORDINALS) else f"#{n}"


def _card_of(value: Symbol) -> str | None:
    """The card an ability term belongs to (``ab(C,I)``), if it names one."""
    if value.type == SymbolType.Function and value.name == "ab" and len(value.arguments) == 2 and \
            value.arguments[0].type == SymbolType.String:
        return value.arguments[0].string
    return None


def ability_text(ability: Symbol, names: dict[str, str], owner: Symbol | None = None) -> str:
    """An ability as a judge names it: "the first ability of Llanowar Elves"; of an object (``owner``) whose
    card prints it, "Llanowar Elves's first ability"; a basic land type's, "its {T}: Add {G} (Forest)"."""
    owner_name = phrase(owner, names) if owner is not None else None
    card = _card_of(ability)
    if card is not None:
        number = ability.arguments[1]
        nth = ordinal(number.number) if number.type == SymbolType.Number else format_atom(number)
        if owner_name is not None and owner_name.split(" (")[0] == card:
            return f"{owner_name}'s {nth} ability"
        mine = f"the {nth} ability of {card}"
        return mine if owner_name is None else f"{mine} (on {owner_name})"
    if ability.type == SymbolType.Function and ability.name == "basic" and len(ability.arguments) == 1:
        land = ability.arguments[0].name if ability.arguments[0].type == SymbolType.Function else ""
        color = _BASIC_MANA.get(land, "")
        mine = f"the {{T}}: Add {{{color.upper()}}} ability of the land type {land.capitalize()}" if color else \
            f"the ability of the land type {land.capitalize()}"
        return mine if owner_name is None else f"{owner_name}'s {mine.removeprefix('the ')}"
    text = phrase(ability, names)
    return text if owner_name is None else f"{text} of {owner_name}"


def _state(value: Symbol, names: dict[str, str]) -> str | None:
    """A state of the replacement engine in words, or None if ``value`` is no state."""
    args = value.arguments
    numbers = all(a.type == SymbolType.Number for a in args)
    if value.name == "m" and len(args) == 6 and numbers:
        return mana_text([a.number for a in args])
    if value.name == "cn" and len(args) == 2:
        return f"{phrase(args[1], names)} {phrase(args[0], names)} counters"
    if value.name == "cost" and len(args) == 2 and args[1].type == SymbolType.Number:
        return f"{args[1].number} {phrase(args[0], names)} counters (a cost)"
    if value.name in ("g", "l") and len(args) == 1:  # (gaining life, or losing it instead)
        return f"{'gaining' if value.name == 'g' else 'losing'} {phrase(args[0], names)} life"
    if value.name == "dr" and len(args) == 1:  # (drawing cards)
        return f"drawing {phrase(args[0], names)} cards"
    if value.name == "dmg" and len(args) == 1:
        return f"{phrase(args[0], names)} damage"
    if value.name == "dest" and len(args) == 1:
        if args[0].type == SymbolType.Function and args[0].name in ("madness", "rebound"):  # (exiled, and so its
            return f"going to exile by its {args[0].name}"  # trigger: 702.35a, 702.88a)
        return f"going to {phrase(args[0], names)}"
    if value.name == "en" and len(args) == 4:
        tapped, kind, n, copy = args
        parts = ["entering"]
        if tapped.type == SymbolType.Number and tapped.number:
            parts.append("tapped")
        if n.type == SymbolType.Number and n.number:
            parts.append(f"with {n.number} {phrase(kind, names)} counters")
        if not (copy.type == SymbolType.Function and copy.name == "none"):
            parts.append(f"as a copy of {phrase(copy, names)}")
        return " ".join(parts)
    if value.name == "tk" and len(args) == 5:
        kind, n, clues, foods, treasures = args
        plural = not (n.type == SymbolType.Number and n.number == 1)
        parts = [f"{phrase(n, names)} {token_kind(kind, names, plural)}"]
        for count, word in ((clues, "Clue"), (foods, "Food"), (treasures, "Treasure")):
            if count.type == SymbolType.Number and count.number:
                parts.append(f"{count.number} {word}{'s' if count.number > 1 else ''}")
        return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]
    return None


def given_phrase(fact: Symbol, names: dict[str, str], subject: bool) -> str:
    """What a fact of the situation's file says, in game words: of its subject (the first argument) when
    ``subject``, else of the game; as clingo writes it where no phrase is known."""
    args = fact.arguments
    template = (GIVEN if subject else GIVEN_GAME).get(f"{fact.name}/{len(args)}")
    if template is None:
        return format_atom(fact)
    words = [question_phrase(a, names) if fact.name == "question" else
             a.string if a.type == SymbolType.String and fact.name == "card" else phrase(a, names) for a in args]
    fields = {"ability12": ability_text(args[2], names, args[1])} if "{ability12}" in template else {}
    if "{place}" in template:
        zone = args[1].name if args[1].type == SymbolType.Function else ""
        fields["place"] = PLACES.get(zone, f"in {words[1]}")
    return template.format(*words, **fields)


def question_phrase(value: Symbol, names: dict[str, str]) -> str:
    """The question asked (``could_produce(tundra)``: "what Tundra could produce")."""
    template = QUESTIONS.get(f"{value.name}/{len(value.arguments)}") if value.type == SymbolType.Function else None
    if template is None:
        return phrase(value, names)
    args = value.arguments
    fields = {}
    if "{selected}" in template:  # activate(P,O,Sel): the ability Sel selects of O
        fields["selected"] = _selected_ability(args[2], args[1], names)
    if "{tokens}" in template:  # create_tokens(P,Kind,N)
        fields["tokens"] = token_kind(args[1], names, not (args[2].type == SymbolType.Number and args[2].number == 1))
    return template.format(*(question_phrase(a, names) for a in args), **fields)


def _selected_ability(selector: Symbol, owner: Symbol, names: dict[str, str]) -> str:
    """The ability of ``owner`` that an activate question selects: printed(I), basic(S), crafted(M,I),
    granted or only."""
    name = phrase(owner, names)
    if selector.type == SymbolType.Function and selector.name == "printed" and len(selector.arguments) == 1:
        number = selector.arguments[0]
        return f"{name}'s {ordinal(number.number) if number.type == SymbolType.Number else phrase(number, names)} ability"
    if selector.type == SymbolType.Function and selector.name == "basic":
        return ability_text(selector, names, owner)
    if selector.type == SymbolType.Function and selector.name == "crafted" and len(selector.arguments) == 2:
        material, number = selector.arguments
        return f"{name}'s {ordinal(number.number)} ability, crafted with {phrase(material, names)}"
    if selector.type == SymbolType.Function and selector.name in ("granted", "only"):
        return f"{name}'s {selector.name} {'activated ' if selector.name == 'only' else ''}ability"
    return f"{name}'s ability {phrase(selector, names)}"


def choice_phrase(value: Symbol, names: dict[str, str]) -> str:
    """What a choice is about (``sacrifice(onyx)``: "what to sacrifice for Professor Onyx")."""
    template = CHOICES.get(f"{value.name}/{len(value.arguments)}") if value.type == SymbolType.Function else None
    if template is None:
        return phrase(value, names)
    return template.format(*(phrase(a, names) for a in value.arguments))


def token_kind(kind: Symbol, names: dict[str, str], plural: bool = True) -> str:
    """Tokens of a kind: "Soldier tokens"; of ``copy(O)``, "token copies of O"."""
    if kind.type == SymbolType.Function and kind.name == "copy" and len(kind.arguments) == 1:
        return f"token cop{'ies' if plural else 'y'} of {phrase(kind.arguments[0], names)}"
    return f"{phrase(kind, names)} token{'s' if plural else ''}"


def phrase(value: Symbol, names: dict[str, str]) -> str:
    """A term in game words: an object id as its card's name; a mana type as its symbol; an ability, a
    state, an identity or an event by its phrase; anything else as clingo writes it."""
    if value.type == SymbolType.String:
        return names.get(value.string, format_atom(value))
    if value.type == SymbolType.Number:
        return str(value.number)
    if value.type != SymbolType.Function:
        return format_atom(value)
    args = value.arguments
    if not args:
        if len(value.name) == 1 and value.name in _COLORS:
            return "{" + value.name.upper() + "}"
        return WORDS.get(value.name, value.name.replace("_", " ") if value.name else format_atom(value))
    if not value.name:  # a tuple
        return ", ".join(phrase(a, names) for a in args)
    state = _state(value, names)
    if state is not None:
        return state
    if value.name in ("ab", "basic"):
        return ability_text(value, names)
    if value.name == "ability" and len(args) == 2:
        return ability_text(args[1], names, args[0])
    if value.name == "rep" and len(args) == 2 and args[1].type == SymbolType.Function and \
            args[1].name in ("shield", "protection") and not args[1].arguments:  # a shield, protection (615.7, 702.16e)
        return phrase(args[0], names)
    if value.name == "rep" and len(args) == 2 and args[1].type == SymbolType.Function and \
            args[1].name in ("flashback", "buyback") and not args[1].arguments:  # the spell's own (702.34a, 702.27a)
        return f"the {args[1].name} of {phrase(args[0], names)}"
    if value.name == "rep" and len(args) == 2 and args[1].type == SymbolType.Function and \
            args[1].name == "countered_instead":  # a counterspell's own "exile it instead" (614.15)
        instead = "exile it" if args[1].arguments[0].name == "exile" else "put it on top of its owner's library"
        return f"{phrase(args[0], names)}'s own \"if that spell is countered this way, {instead} instead\""
    if value.name == "rep" and len(args) == 2:
        return ability_text(args[1], names, args[0])
    words = [phrase(a, names) for a in args]
    if value.name == "counters" and len(args) == 3 and args[2].type == SymbolType.Number:  # (N < 0 removes)
        n = args[2].number
        return f"{abs(n)} {words[1]} counter{'s' if abs(n) != 1 else ''} " + \
            (f"are put on {words[0]}" if n > 0 else f"are removed from {words[0]}")
    if value.name == "cost" and len(args) == 3 and args[2].type == SymbolType.Function and not args[2].arguments:
        words[2] = COSTS.get(args[2].name, words[2])
    template = PHRASES.get(f"{value.name}/{len(args)}")
    if template is None:
        return f"{value.name}({','.join(words)})"
    fields: dict[str, str] = {}
    if "{ability}" in template:  # the ability (the second argument) of the object (the first)
        fields["ability"] = ability_text(args[1], names, args[0])
    if "{ability12}" in template:  # the ability (the third argument) of the object (the second)
        fields["ability12"] = ability_text(args[2], names, args[1])
    return template.format(*words, **fields)

