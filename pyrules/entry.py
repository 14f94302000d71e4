"""The ``pyrules`` console command: Ctrl-C is answered from the very start, even while the rest of
pyrules (clingo, the encodings) is still being imported, with exit code 130 and one line.

Once the command is done and its output flushed, the process ends without the interpreter's teardown:
freeing a large result object by object, and clingo's grounding, only to hand the memory back to the
system is a tenth of a large enumeration's time (benchmarks/notes.md). Every file the command
writes is closed (and renamed into place) before it returns.

This module is the console command's: importing it takes Ctrl-C for the command (see below), so the
rest of pyrules imports it nowhere."""

# Only what is loaded already, or built in: every import here delays the handler below. (No `from
# __future__ import annotations`, which imports a module; _signal, not signal, which imports enum.)
import _signal
import os
import sys


def _interrupted_while_starting(signum: int, frame: object) -> None:
    # Nothing is written yet, nothing to undo: end at once. An exception would have to unwind through
    # whatever runs now, and one raised in a finaliser (an import's module lock has one) is dropped.
    try:
        os.write(2, b"pyrules: interrupted\n")
    finally:
        os._exit(130)


# At import, not in main(): the console script pip writes imports this module, then may do more (older
# pips call re.sub) before main(). Until pyrules.cli installs its own handler (pyrules.base.interrupt),
# Ctrl-C ends here.
try:
    _signal.signal(_signal.SIGINT, _interrupted_while_starting)
except ValueError:  # imported outside the main thread: not the console command, leave Ctrl-C alone
    pass


def main() -> int:
    # Here, not at the top: the handler above answers Ctrl-C while the rest of pyrules (clingo) loads.
    from pyrules.cli import main as cli_main

    failed = None
    try:
        code = cli_main()
    except BrokenPipeError:  # the reader went away (| head): stop quietly, as the command does
        code = 0
    except OSError as exc:  # the output could not be written (a full disk): one line, not a traceback
        code, failed = 1, exc
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BrokenPipeError:
            pass
        except OSError as exc:
            if stream is sys.stdout and failed is None:
                code, failed = code or 1, exc
        except ValueError:  # the command closed the stream (after a broken pipe): nothing to add
            pass
    if failed is not None:
        try:
            print(f"pyrules: {failed}", file=sys.stderr, flush=True)
        except (OSError, ValueError):
            pass
    os._exit(code)
