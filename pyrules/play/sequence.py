"""Sequences of actions: the game in motion, one step at a time, every line the rules allow.

A situation with ``actions`` is played out from its state: each action (cast, activate, pass,
resolve the top of the stack, resolve everything) is a question to the one-step encodings of
``asp/``, asked of the state the line has reached; each of its outcomes gives a next state
(:mod:`pyrules.play.transition`). Whenever a player would receive priority, state-based actions are
checked and performed (704.3) and the triggered abilities waiting are put on the stack (603.3),
repeatedly, until neither happens (117.5). Lines that reach the same state are one line from there
on: the work grows with the number of distinct states, not with the ways to reach them.

An action that is not legal in a line ends that line with its reasons (an outcome of its own). A
line whose state comes back to one it has been in can go on forever: it ends as a loop. A line
still going after ``max_steps`` resolutions of one action ends at that bound. Both are reported on
the outcome, never cut silently.

The outcome of a line is its final state, given as what changed from the situation: the same
predicates as the outcomes of one action (``move``, ``tap``, ``life_lost``, ...), summed over the
steps, and a few of its own (:data:`OUTCOMES`). Each outcome keeps the steps of one line that reached
it, for its explanation.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from clingo import Function, Number, String, Symbol

from pyrules.base.errors import InputError, TimeLimitError, UnsupportedError
from pyrules.cards.library import CardLibrary
from pyrules.engine.solver import Grounding, SolveOptions, Statistics, describe_reason
from pyrules.play.transition import CarryError, after, quiet, searches_onto_battlefield, state_key, watches_states
from pyrules.situation.model import (
    Action,
    Activate,
    BeginCleanup,
    BeginCombat,
    BeginDrawStep,
    BeginEndOfCombat,
    BeginEndStep,
    BeginMain,
    BeginUntap,
    BeginUpkeep,
    Cast,
    CombatDamage,
    DeclareAttackers,
    DeclareBlockers,
    FindCards,
    PassPriority,
    PlayLand,
    Priority,
    Question,
    ResolveAll,
    ResolveTop,
    Situation,
    Suspend,
    TurnFaceUp,
    shields_left,
)

#: The vocabulary's name for each kind of action.
ACTION_NAMES = {Activate: "activate", Cast: "cast", PlayLand: "play", TurnFaceUp: "turn_face_up", Suspend: "suspend",
                ResolveTop: "resolve",
                ResolveAll: "resolve",
                PassPriority: "pass", DeclareAttackers: "attack", DeclareBlockers: "block", CombatDamage: "damage",
                BeginUpkeep: "upkeep", BeginEndStep: "end_step", BeginEndOfCombat: "end_of_combat",
                BeginDrawStep: "draw_step", BeginCombat: "beginning_of_combat", BeginMain: "main",
                BeginCleanup: "cleanup", BeginUntap: "untap_step"}

#: What each kind of step is called in records and explanations.
STEP_NAMES = {Activate: "activate", Cast: "cast", PlayLand: "play", TurnFaceUp: "turn face up", Suspend: "suspend",
              ResolveTop: "resolve",
              Priority: "priority", FindCards: "search",
              DeclareAttackers: "attack", DeclareBlockers: "block", CombatDamage: "damage", BeginUpkeep: "upkeep",
              BeginEndStep: "end step", BeginEndOfCombat: "end of combat", BeginDrawStep: "draw step",
              BeginCombat: "beginning of combat", BeginMain: "main phase", BeginCleanup: "cleanup",
              BeginUntap: "untap step"}


@dataclass(frozen=True)
class Step:
    """One question asked of one state of a line, and the outcome taken."""

    action: int  # the 1-based number of the action it belongs to
    question: Question
    atoms: frozenset[Symbol]
    state: Situation = field(repr=False, compare=False)  # the state it was asked of

    @property
    def name(self) -> str:
        return STEP_NAMES.get(type(self.question), type(self.question).__name__)


@dataclass(frozen=True)
class Playing:
    """How far the lines of play have got, for a progress line: the steps solved, the distinct states they
    reached, the seconds so far; and what lies ahead: the lines still open and the steps they still need
    (where everything on a line's stack resolves with no player acting, one for each spell or ability on it
    or waiting, a lower bound; otherwise one for each action left), so that a search that cannot end soon
    says so early."""

    steps: int
    states: int
    seconds: float
    open_lines: int
    steps_ahead: int

    @property
    def seconds_ahead(self) -> float:
        """The steps ahead at the rate so far."""
        return self.steps_ahead * self.seconds / self.steps if self.steps else 0.0


@dataclass(frozen=True)
class Ending:
    """Why a line stopped before its last action: ``illegal`` (with reasons), ``loop`` or ``bound``."""

    action: int
    kind: str
    reasons: tuple[Symbol, ...] = ()


@dataclass(frozen=True)
class Line:
    state: Situation
    steps: tuple[Step, ...] = ()
    ending: Ending | None = None
    seen: frozenset = frozenset()  # the keys of the states of the action being taken, for loops
    settled: bool = False  # state-based actions were checked since the last step and none applies (704.3)

    @property
    def key(self) -> tuple:
        return state_key(self.state), self.ending


class Runner:
    """Plays a situation's actions out, line by line."""

    #: Seconds between two calls of ``on_step``.
    REPORT_EVERY = 0.5

    def __init__(self, situation: Situation, library: CardLibrary | None = None, options: SolveOptions | None = None,
                 max_steps: int = 1000):
        if not situation.actions:
            raise ValueError("the situation has no actions")
        self.situation = situation
        self.library = library
        options = options or SolveOptions()
        self.options = replace(options, limit=None, project=(), timeout=None)
        #: With a timeout, the time by which every step must be solved; past it, run() stops (timed_out).
        self.deadline = None if options.timeout is None else time.perf_counter() + options.timeout
        self.timed_out = False
        self.max_steps = max_steps
        self.statistics = Statistics()
        self.messages: list[str] = []
        self.steps_solved = 0
        self.states: set[tuple] = set()  # the distinct states the steps reached (state_key)
        #: ``on_step(playing)`` (:class:`Playing`), at most twice a second while the lines are played out.
        self.on_step: Callable[[Playing], None] | None = None
        #: The lines open and the fewest steps ahead (see :class:`Playing`), as last counted.
        self._open_lines, self._steps_ahead = 1, len(situation.actions)
        self._later = (0, len(situation.actions))  # lines the action is still to be taken on, and the actions left
        self._started = self._reported = time.perf_counter()
        #: Whether what is on the stack will all resolve before any player acts (resolve: all next, or now).
        self._uninterrupted = False

    # -- one step ---------------------------------------------------------------------------
    def _where(self, action: int) -> str:
        """The action's place in the file; for action 0 (settling the situation as given), the file."""
        return self.situation.where(f"actions.{action - 1}" if action else "")

    def _solve(self, line: Line, action: int, question: Question) -> list[Line]:
        """Ask one question of the line's state: the lines it leads to (one per outcome), or the line ended."""
        state = replace(line.state, question=question)
        options = self.options
        if self.deadline is not None:
            left = self.deadline - time.perf_counter()
            if left <= 0:
                raise _TimeUpError
            options = replace(options, timeout=left)
        try:
            grounding = Grounding(state, self.library, options)
        except UnsupportedError as error:
            raise UnsupportedError(self._where(action), error.message.removeprefix("unsupported: ")) from None
        except TimeLimitError:  # grounding this step ran out of time: not an illegal action
            raise _TimeUpError from None
        except InputError as error:  # a question that makes no sense in this state: the action is not legal here
            return [replace(line, ending=Ending(action, "illegal", (String(error.message),)))]
        try:
            models, _, stats = grounding.enumerate(None, statistics=False)
        except UnsupportedError as error:
            raise UnsupportedError(self._where(action), error.message.removeprefix("unsupported: ")) from None
        self.steps_solved += 1
        now = time.perf_counter()
        if self.on_step is not None and now - self._reported >= self.REPORT_EVERY:
            self._reported = now
            self.on_step(Playing(self.steps_solved, len(self.states), now - self._started, self._open_lines,
                                 self._steps_ahead))
        self.statistics.ground_seconds += grounding.ground_seconds
        self.statistics.solve_seconds += stats.solve_seconds
        self.statistics.models += stats.models
        self.messages += [m for m in grounding.messages if m not in self.messages]
        if grounding.timed_out:
            raise _TimeUpError
        if not models:
            reasons = tuple(grounding.illegal_reasons()) or (String("no outcome"),)
            return [replace(line, ending=Ending(action, "illegal", reasons))]
        lines = []
        for atoms in models:
            try:
                nxt = after(state, question, atoms)
            except CarryError as error:
                raise UnsupportedError(self._where(action), str(error)) from None
            lines.append(Line(nxt, line.steps + (Step(action, question, atoms, state),), None, line.seen))
            if self.on_step is not None:
                self.states.add(state_key(nxt))
        return lines

    # -- priority (117.5, 704.3, 603.3) ------------------------------------------------------
    def _settle(self, lines: Iterable[Line], action: int) -> list[Line]:
        """Whenever a player would receive priority: state-based actions, again and again while any apply,
        then the waiting triggered abilities go on the stack (117.5). Putting abilities on the stack
        changes nothing a state-based action or a trigger looks at, so the line is settled then. A line
        settled already, or whose last step could not have made any state-based action apply
        (transition.quiet), needs no check at all. The situation as given is checked too; a check of it
        that finds nothing to do is no step of the line."""
        done: dict[tuple, Line] = {}
        frontier = _distinct(lines)
        rounds = 0
        while frontier:
            rounds += 1
            if rounds > self.max_steps:
                for line in frontier:
                    done.setdefault(line.key, replace(line, ending=Ending(action, "bound")))
                break
            nxt: list[Line] = []
            for line in frontier:
                if line.ending is not None or (not line.state.waiting and (line.settled or (line.steps and
                                                                            _quiet(line.steps[-1], line.state)))):
                    done.setdefault(line.key, replace(line, settled=line.ending is None))
                    continue
                for checked in self._solve(line, action, Priority(self._uninterrupted)):
                    checked = self._game_over(checked, action)
                    if checked.ending is None and not checked.steps[-1].atoms and not line.steps:
                        # settled as given: nothing to record (the state is the one after the check, 704.5b, 704.5h)
                        settled = replace(line, state=checked.state, settled=True)
                        done.setdefault(settled.key, settled)
                    elif checked.ending is not None or not checked.steps[-1].atoms or _put_triggers(checked.steps[-1]):
                        done.setdefault(checked.key, replace(checked, settled=checked.ending is None))
                    else:
                        nxt.append(checked)  # state-based actions were performed: check again
            frontier = _distinct(nxt)
        return list(done.values())

    def _game_over(self, line: Line, action: int) -> Line:
        """104.2a, 104.4a: once every player but one has lost (or all have), the game is over and the line
        ends; in a game of more than two players, one who loses leaves it (800.4a), which is not modelled."""
        if line.ending is not None:
            return line
        lost = [p for p in line.state.players if p.lost]
        if not lost:
            return line
        if len(line.state.players) - len(lost) > 1:
            raise UnsupportedError(self._where(action), "a player leaving a game of more than two players (800.4a)")
        return replace(line, ending=Ending(action, "game_over"))

    # -- actions ----------------------------------------------------------------------------
    def _take(self, line: Line, action: int, what: Action) -> list[Line]:
        state = line.state
        if isinstance(what, (Activate, Cast)):
            lines = self._solve(line, action, replace(what, resolve=False) if isinstance(what, Activate) else what)
            actor = _actor(state, what)
            lines = [_priority(c, actor) if c.ending is None and _used_stack(c) else c for c in lines]
            lines = self._settle(lines, action)
            if isinstance(what, Activate) and what.resolve:
                return self._resolve_top(lines, action)
            return lines
        if isinstance(what, (PlayLand, TurnFaceUp, Suspend)):  # a special action: the player keeps priority (116.3c)
            return self._settle(self._solve(line, action, what), action)
        if isinstance(what, BeginUntap):  # no player receives priority in the untap step: what triggers waits (502.4)
            return self._solve(line, action, what)
        if isinstance(what, BeginCleanup):
            return [self._cleaned_up(c, action) for c in self._solve(line, action, what)]
        if isinstance(what, (DeclareAttackers, DeclareBlockers, CombatDamage, BeginUpkeep, BeginEndStep, BeginEndOfCombat,
                             BeginDrawStep, BeginCombat, BeginMain)):
            # a turn-based action (508.1, 509.1, 510.1-2; a step beginning, 503.1, 511.2, 513.1); then the active player
            # receives priority (117.3a)
            lines = self._solve(line, action, what)
            return self._settle([_priority(c, c.state.active_player) if c.ending is None else c for c in lines],
                                action)
        if isinstance(what, ResolveTop):
            return self._resolve_top([line], action)
        if isinstance(what, ResolveAll):
            return self._resolve_all(line, action)
        if isinstance(what, PassPriority):
            return self._pass(line, action, what)
        raise TypeError(what)  # pragma: no cover

    def _cleaned_up(self, line: Line, action: int) -> Line:
        """514.3: no player receives priority in the cleanup step, unless a state-based action would be performed or
        an ability has triggered; then players do, and another cleanup step follows (514.3a), which is not modelled."""
        if line.ending is not None:
            return line
        if not line.state.waiting:
            checked = self._solve(line, action, Priority())
            if all(c.ending is None and not c.steps[-1].atoms for c in checked):
                return line
        raise UnsupportedError(self._where(action), "a cleanup step in which an ability triggers or a state-based "
                               "action applies: players receive priority and another cleanup step follows (514.3a)")

    def _resolve_top(self, lines: list[Line], action: int) -> list[Line]:
        out: list[Line] = []
        for line in lines:
            if line.ending is not None:
                out.append(line)
            elif not line.state.stack:
                out.append(replace(line, ending=Ending(action, "illegal", (String("the stack is empty"),))))
            else:
                begun = self._solve(line, action, FindCards()) if searches_onto_battlefield(line.state) else [line]
                resolved = [r for b in begun for r in ([b] if b.ending is not None else
                                                       self._solve(b, action, ResolveTop()))]
                out += self._settle([_priority(c, c.state.active_player) if c.ending is None else c
                                     for c in resolved], action)
        return _distinct(out)

    def _resolve_all(self, line: Line, action: int) -> list[Line]:
        outer, self._uninterrupted = self._uninterrupted, True
        try:
            return self._resolve_all_lines(line, action)
        finally:
            self._uninterrupted = outer

    def _resolve_all_lines(self, line: Line, action: int) -> list[Line]:
        finished: dict[tuple, Line] = {}
        seen: set = {state_key(line.state)}
        frontier = [line]
        after = self._later[1] - 1  # the actions after this one
        for _ in range(self.max_steps):
            if not frontier:
                break
            going = []
            for current in frontier:
                if current.ending is not None or not current.state.stack:
                    finished.setdefault(current.key, current)
                else:
                    going.append(current)
            self._ahead(going, after)
            nxt = []
            for current in self._resolve_top(going, action):
                key = state_key(current.state)
                if current.ending is None and current.state.stack and key in current.seen:
                    current = replace(current, ending=Ending(action, "loop"))
                elif current.ending is None and key in seen:
                    continue  # another line reached this state first: it goes on from there
                seen.add(key)
                nxt.append(replace(current, seen=current.seen | {key}))
            frontier = _distinct(nxt)
        for current in frontier:
            finished.setdefault(current.key, replace(current, ending=current.ending or Ending(action, "bound")))
        return [replace(x, seen=frozenset()) for x in finished.values()]

    def _pass(self, line: Line, action: int, what: PassPriority) -> list[Line]:
        state = line.state
        holder = state.priority_player
        if what.player is not None and what.player != holder:
            return [replace(line, ending=Ending(action, "illegal", (String(f"{what.player} does not have priority"),)))]
        passed = state.passed + (holder,)
        names = [p.name for p in state.players]
        if set(passed) >= set(names):  # all players passed in succession (117.4)
            if not state.stack:
                raise UnsupportedError(self._where(action), "all players passing with an empty stack: the step or "
                                                            "phase would end; name the step that begins next as an "
                                                            "action (main, beginning_of_combat, end_step, cleanup, ...)")
            return self._resolve_top([replace(line, state=replace(state, passed=()))], action)
        following = names[(names.index(holder) + 1) % len(names)]
        # The next player would receive priority: state-based actions first, as after any step (117.5).
        return self._settle([replace(line, state=replace(state, priority=following, passed=passed))], action)

    # -- all of it ---------------------------------------------------------------------------
    def run(self) -> list[Line]:
        """Every line of play to the end. With a timeout that runs out, only the lines that had already
        ended (an illegal action, a loop) are returned, and ``timed_out`` is set."""
        start = replace(self.situation, question=None, actions=(), sequence=True)
        lines: list[Line] = [Line(start)]
        try:
            self._uninterrupted = self._resolves_all_after(0)
            self._ahead(lines, len(self.situation.actions))
            lines = self._settle(lines, 0)  # a player holds priority: the situation is settled first (117.5)
            for number, what in enumerate(self.situation.actions, start=1):
                self._uninterrupted = self._resolves_all_after(number)
                nxt: list[Line] = []
                left = len(self.situation.actions) - number + 1
                for k, line in enumerate(lines):
                    self._later = (sum(1 for other in lines[k + 1:] if other.ending is None), left)
                    self._ahead([line], left - 1)
                    nxt += [line] if line.ending is not None else self._take(line, number, what)
                lines = _distinct(nxt)
        except _TimeUpError:
            self.timed_out = True
            return [line for line in lines if line.ending is not None]
        return lines

    def _ahead(self, lines: list[Line], actions: int) -> None:
        """Count what lies ahead: ``lines`` going on with the action being taken, then ``actions`` more, and
        the lines the action has yet to be taken on (``_later``). A line whose stack all resolves with no
        player acting has a step ahead for each spell or ability on its stack or waiting; any other, one for
        each action left (an estimate: an action can take no step, or many)."""
        going = [line for line in lines if line.ending is None]
        later, left = self._later
        self._open_lines = len(going) + later
        self._steps_ahead = later * left + sum(len(line.state.stack) + len(line.state.waiting) if self._uninterrupted
                                               else actions + 1 for line in going)

    def _resolves_all_after(self, number: int) -> bool:
        """Whether the actions after the ``number``-th are resolutions ending in resolve: all, so that no player
        acts before the stack is empty (then the order of things on it that commute cannot matter)."""
        for what in self.situation.actions[number:]:
            if isinstance(what, ResolveAll):
                return True
            if not isinstance(what, ResolveTop):
                return False
        return False


class _TimeUpError(Exception):
    """The timeout ran out between or during the steps of a sequence."""


def _distinct(lines: Iterable[Line]) -> list[Line]:
    found: dict[tuple, Line] = {}
    for line in lines:
        found.setdefault(line.key, line)
    return list(found.values())


def _quiet(step: Step, after: Situation) -> bool:
    """Whether a step's outcome left a settled state settled: it only changed what no state-based action
    and no trigger looks at, and put nothing waiting (transition.quiet), and time did not move on: a new step,
    phase or turn removes creatures from combat (511.3) and changes what effects that last "as long as" it is
    a player's turn apply to, which may leave a creature with lethal damage or no toughness (704.5f-g)."""
    return not isinstance(step.question, Priority) and not watches_states(step.state) and \
        all(quiet(a, step.state) for a in step.atoms) and _time(step.state) == _time(after)


def _time(state: Situation) -> tuple:
    return state.turn, state.active_player, state.phase, state.step


def _put_triggers(step: Step) -> bool:
    """Whether a priority step put the waiting triggered abilities on the stack (no state-based action applied)."""
    return all(f"{a.name}/{len(a.arguments)}" in ("stack/2", "chose/3", "trigger_removed/1") for a in step.atoms)


def _actor(state: Situation, what: Activate | Cast) -> str:
    if what.player:
        return what.player
    obj = state.object(what.object)
    return (obj.controller or obj.owner) if isinstance(what, Activate) else obj.player


def _used_stack(line: Line) -> bool:
    before, now = line.steps[-1].state, line.state
    return now.stack != before.stack or bool(now.waiting)


def _priority(line: Line, player: str) -> Line:
    """After a player casts or activates, they receive priority (117.3c); after a resolution, the active player
    does (117.3b)."""
    return replace(line, state=replace(line.state, priority=player, passed=()))


# -- the outcome of a line: what changed ---------------------------------------------------------
def changes(initial: Situation, line: Line) -> frozenset[Symbol]:
    """The final state of a line, as what changed from the initial situation."""
    final = line.state
    out: set[Symbol] = set()
    before = {o.id: o for o in initial.objects}
    now = {o.id: o for o in final.objects}
    for oid, o in before.items():
        n = now.get(oid)
        if n is None:
            out.add(Function("ceased_to_exist", [String(oid)]))
            continue
        if n.zone != o.zone:
            out.add(Function("move", [String(oid), Function(o.zone), Function(n.zone)]))
        if n.zone == o.zone == "battlefield" and n.tapped != o.tapped:
            out.add(Function("tap" if n.tapped else "untap", [String(oid)]))
        if n.zone == "battlefield" and n.zone != o.zone and n.tapped:
            out.add(Function("tap", [String(oid)]))
        if n.face != o.face and n.zone in ("battlefield", "stack"):
            out.add(Function("face", [String(oid), Function(n.face)]))
        if n.crafted_with != o.crafted_with:
            out |= {Function("crafted_with", [String(oid), String(m)]) for m in n.crafted_with}
        if n.exiled_with != o.exiled_with:
            out |= {Function("exiled_with", [String(oid), String(m)]) for m in n.exiled_with}
        if n.attached_to != o.attached_to and n.attached_to:
            out.add(Function("attached", [String(oid), String(n.attached_to)]))
        if n.attacking and n.attacking != o.attacking:
            out.add(Function("attacking", [String(oid), String(n.attacking)]))
        for blocks in n.blocking:
            if blocks not in o.blocking:
                out.add(Function("blocking", [String(oid), String(blocks)]))
        if o.attached_to and not n.attached_to and n.zone == "battlefield":
            out.add(Function("unattached", [String(oid)]))
        if n.zone == o.zone == "battlefield":
            if n.regeneration_shields != o.regeneration_shields:
                out.add(Function("regeneration_shields", [String(oid), Number(n.regeneration_shields)]))
            if shields_left(n.prevention_shields) != shields_left(o.prevention_shields):
                out.add(Function("prevention_shields", [String(oid), Number(sum(n.prevention_shields))]))
            if (o.attacking or o.blocking) and not (n.attacking or n.blocking):
                out.add(Function("removed_from_combat", [String(oid)]))
            if n.renowned and not o.renowned:
                out.add(Function("renowned", [String(oid)]))
            if n.monstrous and not o.monstrous:
                out.add(Function("monstrous", [String(oid)]))
            if n.skips_untap_of and n.skips_untap_of != o.skips_untap_of:
                out.add(Function("skips_next_untap", [String(oid), String(n.skips_untap_of)]))
            if o.face_down and not n.face_down:
                out.add(Function("face_up", [String(oid)]))
        if n.chosen_color and n.chosen_color != o.chosen_color and n.zone == "battlefield":
            out.add(Function("chosen_color", [String(oid), Function(n.chosen_color)]))
        if n.may_play and n.may_play != o.may_play:
            out.add(Function("may_play", [String(oid), String(n.may_play)]))
        if n.face_down and not o.face_down:
            out.add(Function("face_down", [String(oid)]))
        if n.zone == "library" and n.bottom and not (o.zone == "library" and o.bottom):
            out.add(Function("at_bottom", [String(oid)]))
        if n.zone == "battlefield" and n.copy_of and (o.zone != "battlefield" or o.copy_of != n.copy_of):
            out.add(Function("copy_of", [String(oid), String(n.copy_of)]))  # (it entered, or became, a copy: 707.2)
        if n.zone == "battlefield":
            kept = o.keywords if o.zone == "battlefield" else ()
            out |= {Function("gained_keyword", [String(oid), Function(k)]) for k in n.keywords if k not in kept}
        old = o.counters if o.zone == n.zone else {}  # (a suspended card's time counters stay with it in exile, 702.62a)
        for kind in sorted(set(old) | set(n.counters)):
            delta = n.counters.get(kind, 0) - old.get(kind, 0)
            if delta:
                name = "counters_put" if delta > 0 else "counters_removed"
                out.add(Function(name, [String(oid), Function(kind), Number(abs(delta))]))
    for oid, n in now.items():
        if oid not in before:
            out.add(Function("created", [String(oid), String(n.card), Function(n.zone)]))
            for kind, count in sorted(n.counters.items()):
                out.add(Function("counters_put", [String(oid), Function(kind), Number(count)]))
            if n.tapped:
                out.add(Function("tap", [String(oid)]))
            if n.skips_untap_of:
                out.add(Function("skips_next_untap", [String(oid), String(n.skips_untap_of)]))
            if n.chosen_color and n.zone == "battlefield":
                out.add(Function("chosen_color", [String(oid), Function(n.chosen_color)]))
    for oid, n in now.items():
        old_damage = before[oid].damage if oid in before and before[oid].zone == n.zone else 0
        if n.damage != old_damage:
            out.add(Function("damage", [String(oid), Number(n.damage)]))
    players = {p.name: p for p in final.players}
    for p in initial.players:
        q = players[p.name]
        if q.lost:
            out.add(Function("lost", [String(p.name), Function(q.lost)]))
        if q.drawn:
            out.add(Function("drew", [String(p.name), Number(q.drawn)]))
        if q.discarded:
            out.add(Function("discarded", [String(p.name), Number(q.discarded)]))
        if q.milled:
            out.add(Function("milled", [String(p.name), Number(q.milled)]))
        if q.exiled:
            out.add(Function("exiled_from_library", [String(p.name), Number(q.exiled)]))
        if q.surveilled:
            out.add(Function("surveilled", [String(p.name), Number(q.surveilled)]))
        if q.shuffled and not p.shuffled:
            out.add(Function("shuffled", [String(p.name)]))
        if q.poison != p.poison:
            out.add(Function("poison", [String(p.name), Number(q.poison)]))
        if q.energy != p.energy:
            out.add(Function("energy", [String(p.name), Number(q.energy)]))
        if shields_left(q.prevention_shields) != shields_left(p.prevention_shields):
            out.add(Function("prevention_shields", [String(p.name), Number(sum(q.prevention_shields))]))
        if q.life != p.life:
            name = "life_lost" if q.life < p.life else "life_gained"
            out.add(Function(name, [String(p.name), Number(abs(q.life - p.life))]))
        before_pool, after_pool = _pool_totals(p), _pool_totals(q)
        for kind in sorted(set(before_pool) | set(after_pool)):
            delta = after_pool.get(kind, 0) - before_pool.get(kind, 0)
            if delta:
                name = "mana_added" if delta > 0 else "mana_spent"
                out.add(Function(name, [String(p.name), Function(kind), Number(abs(delta))]))
        if q.restricted_mana != p.restricted_mana:
            for (kind, rider), n in sorted(q.restricted_mana.items()):
                out.add(Function("restricted_mana", [String(p.name), Function(kind), Function(f"spend_only_{rider}"),
                                                     Number(n)]))
    if final.stack != initial.stack:
        for n, item in enumerate(final.stack, start=1):
            if n > len(initial.stack) or initial.stack[n - 1] != item:
                out.add(Function("stack", [Number(n), String(item)]))
    # The choices made for what is on the stack at the end (601.2b-c, 700.2a, 707.10c): two lines that put one spell or
    # ability there with other targets or modes end in different states.
    was = {o.id: (o.targets, o.modes) for o in initial.objects if o.zone == "stack"}
    was |= {a.id: (a.targets, a.modes) for a in initial.stack_abilities}
    for item, targets, modes in [(o.id, o.targets, o.modes) for o in final.objects if o.zone == "stack"] + \
            [(a.id, a.targets, a.modes) for a in final.stack_abilities]:
        if was.get(item) != (targets, modes):
            out |= {Function("target", [String(item), Number(n), String(t)]) for n, t in enumerate(targets, 1) if t}
            out |= {Function("mode", [String(item), Number(m)]) for m in modes}
    # The lasting effects begun during the actions (611.2): which objects each changes (locked in as it began, 611.2c),
    # or, changing none named, that it applies; two lines that pump different creatures end in different states.
    # (An effect of the situation stays itself when the objects it changes leave: it then changes fewer.)
    given = [(e.card, e.ability, e.controller, e.timestamp, e.source, e.times, e.color, set(e.affects))
             for e in initial.effects]
    for e in final.effects:
        same = next((g for g in given if g[:7] == (e.card, e.ability, e.controller, e.timestamp, e.source, e.times,
                                                   e.color) and g[7] >= set(e.affects)), None)
        if same is not None:
            given.remove(same)
            continue
        out |= {Function("affected_by", [String(x), String(e.card), Number(e.ability)]) for x in e.affects}
        if not e.affects:
            out.add(Function("effect_begun", [String(e.card), Number(e.ability), String(e.controller)]))
    if line.ending is not None:
        k = Number(line.ending.action)
        if line.ending.kind == "illegal":
            out |= {Function("illegal", [k, r]) for r in line.ending.reasons}
        else:
            out.add(Function(line.ending.kind, [k]))
    return frozenset(out)


def _pool_totals(player) -> dict[str, int]:
    totals = dict(player.mana_pool)
    for (kind, _), n in player.restricted_mana.items():
        totals[kind] = totals.get(kind, 0) + n
    return totals


def describe_ending(ending: Ending) -> str:
    if ending.kind == "illegal":
        return f"action {ending.action} is not legal: " + "; ".join(describe_reason(r) for r in ending.reasons)
    if ending.kind == "game_over":
        return f"the game ended during action {ending.action}"
    if ending.kind == "loop":
        return f"action {ending.action} can go on forever (the line came back to a state it had been in)"
    return f"action {ending.action} was cut at the bound on steps"


