"""Ctrl-C while clingo grounds or solves: stop clingo, then raise KeyboardInterrupt in Python.

Python runs a signal handler in the main thread between two bytecodes, which may be inside a
callback clingo makes (the logger, a model handler): an exception raised there crosses C++ code that
cannot pass it on, and the process aborts ("PANIC: exception in nothrow scope"). And while clingo
works in C, no bytecode runs at all, so the handler waits until clingo is done.

So, once :func:`install` has been called (the command line does), Ctrl-C inside :func:`clingo_call`
only records the interrupt and asks every control in use to stop (``Control.interrupt``), from a
watcher thread woken by the signal's wakeup file descriptor, which works even while clingo holds the
main thread in C; KeyboardInterrupt is raised when the call returns to plain Python. Elsewhere,
Ctrl-C raises KeyboardInterrupt as usual, unless Python is running clingo's own code (a callback
perhaps) or importing a module: then the signal is sent again 50 ms later. An import may run C code
that clears any exception raised under it (PyYAML's compiled module does), and its module locks have
weak reference callbacks, where Python drops what is raised ("Exception ignored in"): either way the
Ctrl-C would be lost. A KeyboardInterrupt dropped in another finaliser is sent again too.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

import clingo

_controls: list[clingo.Control] = []  # those grounding or solving now (no weak references: their
# callbacks, like clingo's own, would swallow a KeyboardInterrupt)
_inside = 0
_pending = False
_installed = False


def requested() -> bool:
    """Whether Ctrl-C came while clingo was working (a watcher of its grounding can stop it then)."""
    return _pending


def _stop_controls() -> None:
    for control in list(_controls):
        control.interrupt()


_CLINGO_DIR = os.path.dirname(clingo.__file__)


def _in_clingo_code_or_import(frame: FrameType | None) -> bool:
    """Whether Python is running clingo's own Python code (perhaps a callback from C: a logger, an AST
    visitor, where an exception would be printed and dropped, or abort the process) or an import."""
    while frame is not None:
        if frame.f_code.co_filename.startswith((_CLINGO_DIR, "<frozen importlib.")):
            return True
        frame = frame.f_back
    return False


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    global _pending
    if _inside:
        _pending = True
        _stop_controls()
    elif _in_clingo_code_or_import(frame):  # not here: signal again shortly, to land in plain Python
        threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT)).start()
    else:
        raise KeyboardInterrupt


def _resend_dropped(args: sys.UnraisableHookArgs) -> None:
    if isinstance(args.exc_value, KeyboardInterrupt):  # dropped where it landed: land again, elsewhere
        threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT)).start()
    else:
        _unraisable_before(args)


_unraisable_before = sys.unraisablehook


def _watch(read_fd: int) -> None:
    """Wake on each signal byte and interrupt clingo, which may hold the main thread in C."""
    while True:
        try:
            data = os.read(read_fd, 64)
        except OSError:  # pragma: no cover - the descriptor was closed
            return
        if not data:  # pragma: no cover
            return
        if _inside and signal.SIGINT in data:
            _stop_controls()


def install() -> None:
    """Handle Ctrl-C as described above (from the main thread; a no-op elsewhere or when done)."""
    global _installed, _unraisable_before
    if _installed or threading.current_thread() is not threading.main_thread():
        return
    read_fd, write_fd = os.pipe()
    os.set_blocking(write_fd, False)
    signal.set_wakeup_fd(write_fd, warn_on_full_buffer=False)
    signal.signal(signal.SIGINT, _on_sigint)
    _unraisable_before, sys.unraisablehook = sys.unraisablehook, _resend_dropped
    threading.Thread(target=_watch, args=(read_fd,), name="pyrules-interrupt", daemon=True).start()
    _installed = True


@contextmanager
def clingo_call(control: clingo.Control) -> Iterator[None]:
    """Ground or solve with ``control`` inside: Ctrl-C stops it and raises once it returns."""
    global _inside, _pending
    _controls.append(control)
    _inside += 1
    try:
        yield
    finally:
        _inside -= 1
        _controls.remove(control)
        if _inside == 0 and _pending:
            _pending = False
            raise KeyboardInterrupt
