"""A game played at the terminal: the seats in turn, the prompt a human answers (an action's
number or text, or help, board, info NAME, undo, save FILE, quit), and the game saved when it stops."""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import signal
import sys
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.text import Text

from ..agents import HUMAN, make_agent
from ..engine import (
    Action,
    ActionParseError,
    Decision,
    Event,
    IllegalActionError,
    LookupRefused,
    Session,
)
from ..engine.files import os_reason
from ..engine.frames import answers, labelled, standing_text
from ..engine.session import Step
from ..saves import autosave_path, fallback_folders
from ..sim.simulate import agent_seed
from .signals import CLOSING
from .terminal import cut, label, print_events, resume_command, seat_names

MAX_TYPED = 200  # characters of an action typed at the prompt

HELP_TEXT = """\
Type the number of an action, or its text (e.g. {example}).
Commands:
  help        this help, and the actions again
  board       the whole board, every table
  info NAME   a card's, Unit's, skill's... numbers and text (e.g. info {entry})
  undo        take back your last decision and the others' made since (not
              when one of them drew randomness or revealed something hidden)
  save FILE   save the game to FILE (resume it: boardrules play --load FILE);
              quote a name with spaces: save "my game.json"
  quit        stop playing; the game is saved to
              {autosave}
"""


class PlayTable:
    """A game at the terminal: AI seats play in turn; a human is shown the board when they are
    asked after the others played or when their own action changed it (not again when it
    reads the same), and between, a short
    log of what the others did: each action as the terminal's viewer may see it
    (``Game.action_text``) and its events.

    The viewer is the one human seat; with several humans at one terminal (hot-seat) or none,
    the log shows what an observer sees, so no human reads another's secret choice in it."""

    def __init__(self, console: Console, session: Session[Any], autosave: Path) -> None:
        self.console, self.session, self.game, self.autosave = console, session, session.game, autosave
        self.seats = session.seats
        self.names = seat_names(self.game, session.state, session.num_players)
        self.agents = [None if s == HUMAN else make_agent(s, agent_seed(session.seed, i))
                       for i, s in enumerate(self.seats)]
        humans = [i for i, s in enumerate(self.seats) if s == HUMAN]
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.board_for: int | None = None  # the human whose board on screen is current
        self.board_text = ""  # that board as it printed
        self.ended = "End of input."  # why the game stopped, said after it is saved
        self.notes: list[Text] = []  # what the last save() has to say, said after it
        self.gone = False  # the terminal is closed: nothing more is printed

    def introduce(self) -> None:
        console, n = self.console, self.session.num_players
        console.print(Text("Seats: ") + Text(", ").join(label(self.names, self.seats, i) for i in range(n)))
        if HUMAN in self.seats:
            console.print(Text("Type 'help' at a prompt for the commands.", style="dim"))
            console.print(Text(f"If you quit, the game is saved to {self.autosave.name}", style="dim"), soft_wrap=True)

    def run(self) -> bool:
        """Play until the game ends (True) or a human quits or input ends (False)."""
        session = self.session
        while True:
            d = session.decision
            if d is None:
                return True
            agent = self.agents[d.player]
            if agent is None:
                if not self.ask(d):
                    return False
                continue
            events = session.play(agent.act(self.game, session.state, d))
            self.log(session.history[-1], events)
            self.board_for = None

    def log(self, step: Step[Any], events: Sequence[Event]) -> None:
        """One line for a decision just made, as the viewer may see it, then its events."""
        text = self.game.action_text(step.before, step.action, self.viewer)
        self.console.print(label(self.names, self.seats, step.player) + Text(": ") + Text(text, style="bold"))
        print_events(self.console, events)

    def show(self, d: Decision) -> None:
        """The question and its numbered answers, each labelled with what it does: in columns
        when the labels are short, else a line each."""
        console = self.console
        console.print(label(self.names, self.seats, d.player) + Text(": ") + Text(d.prompt, style="bold"))
        labels = self.game.action_labels(self.session.state, d)
        console.print(answers([labelled(a.text, shown) for a, shown in zip(d.actions, labels, strict=True)],
                              [a.text for a in d.actions]))

    def info(self, rest: str) -> None:
        """``info NAME``: one entry of the game's catalogue, or the closest names."""
        try:
            found = self.game.catalogue().find(rest)
        except LookupRefused as exc:
            self.console.print(Text(str(exc), style="red"), soft_wrap=True)
            return
        for entry in found:
            head, *rest_lines = entry.lines()
            self.console.print(Text(head, style="bold"))
            for line in rest_lines:
                self.console.print(Text(line))

    def frame(self, player: int, full: bool = False) -> Any:
        """What ``player`` is shown: the game's compact frame when asked (``full``: the whole
        board, the ``board`` command), then the goal, the clock and the scores."""
        state = self.session.state
        board = self.game.render(state, player) if full else self.game.frame(state, player)
        standing = self.game.standing(state, player)
        return board if standing is None else Group(board, standing_text(standing, self.names, player))

    def board(self, player: int, full: bool = False) -> None:
        frame = self.frame(player, full)
        self.console.print(frame)
        self.board_for, self.board_text = player, self._plain(self.frame(player) if full else frame)

    def _plain(self, board: Any) -> str:
        """``board`` as the plain text it prints at this console's width."""
        out = Console(file=io.StringIO(), width=self.console.width, color_system=None, highlight=False)
        out.print(board)
        return out.file.getvalue()  # type: ignore[attr-defined, no-any-return]

    def board_changed(self, player: int) -> bool:
        """Whether ``player``'s board differs from the one last drawn for them (after their own
        action: a card played, a figure moved, a combat begun)."""
        return self.board_for != player or self._plain(self.frame(player)) != self.board_text

    def ask(self, d: Decision) -> bool:
        """Ask a human for one decision; False when they quit or the input ends."""
        console, session = self.console, self.session
        if self.board_changed(d.player):
            self.board(d.player)
        self.show(d)
        while True:
            try:
                line = console.input(Text(f"{self.names[d.player]}> ", style="bold"))
            except EOFError:  # saved, then said (the terminal closing ends the input too)
                self.ended = "\nEnd of input."
                return False
            text = line.strip()
            if not text:
                console.print(Text("Type an action's number or text, or 'help'.", style="dim"))
                continue
            word, _, rest = text.partition(" ")
            command, rest = word.lower(), rest.strip()
            if command in ("help", "?"):
                example = ", ".join(dict.fromkeys(a.text for a in (d.actions[0], d.actions[-1])))
                entry = next(iter(self.game.catalogue()), None)
                console.print(Text(HELP_TEXT.format(example=example, autosave=self.autosave.name,
                                                    entry=entry.name if entry else "NAME")), soft_wrap=True)
                self.show(d)
                continue
            if command == "info":
                self.info(rest)
                continue
            if command in ("board", "show"):
                self.board(d.player, full=True)
                self.show(d)
                continue
            if command in ("quit", "exit"):
                self.ended = ""
                return False
            if command == "undo":
                if self.undo(d.player):
                    return True
                continue
            if command == "save":
                self.save_as(rest)
                continue
            choice = _choice(text, d.actions)
            if isinstance(choice, str):
                console.print(Text(choice, style="red"), soft_wrap=True)
                continue
            try:
                events = session.play(choice)
            except IllegalActionError as exc:
                console.print(Text(f"Illegal: {exc}", style="red"))
                continue
            self.log(session.history[-1], events)
            return True

    def undo(self, player: int) -> bool:
        ok, why = self.session.can_undo(player)
        if not ok:
            self.console.print(Text(f"Cannot undo: {why}.", style="red"))
            return False
        undone = self.session.undo(player)
        mine = self.game.action_text(undone[0].before, undone[0].action, self.viewer)
        self.console.print(Text(f"Took back: {mine}", style="yellow"))
        for step in undone[1:]:  # the others' decisions since, to be made again
            text = self.game.action_text(step.before, step.action, self.viewer)
            self.console.print(Text("  and: ", style="yellow") + label(self.names, self.seats, step.player)
                               + Text(f": {text}", style="yellow"))
        self.board_for = None
        return True

    def save_as(self, rest: str) -> None:
        """``save FILE``: the name is read like one shell word, so quotes may hold spaces."""
        console = self.console
        try:
            words = shlex.split(rest)
        except ValueError as exc:  # shlex: "No closing quotation", "No escaped character"
            console.print(Text(f"Cannot read the file name {cut(rest, 40)!r}: {str(exc).lower()}; "
                               "quote a name with spaces like save \"my game.json\"", style="red"))
            return
        if len(words) != 1 or not words[0]:
            console.print(Text("Usage: save FILE (one file name; quote a name with spaces, "
                               "like save \"my game.json\")", style="red"))
            return
        name = os.path.expanduser(words[0])  # as a shell would read ~/game.json
        try:
            written = self.session.save(name)
        except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
            console.print(Text(f"Could not save to {name!r}: {os_reason(exc)}", style="red"), soft_wrap=True)
            return
        if written != Path(name):
            console.print(Text(f"{name} was changed by another session since this one read or wrote it: "
                               f"saved beside it.", style="yellow"), soft_wrap=True)
        console.print(Text(f"Saved to {written}; resume with: {resume_command(written.absolute())}",
                           style="green"), soft_wrap=True)

    def save(self) -> bool:
        """Save the game in progress to its autosave file, or, when that cannot be written, in
        the user's state folder or the temporary folder; False when nowhere could. Nothing is
        printed: what to say is kept for ``say_saved``, once the game is safe."""
        session, self.notes = self.session, []
        if session.game.is_over(session.state):
            return True
        places = [self.autosave] + [autosave_path(session, None, folder) for folder in fallback_folders()]
        for path in places:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                written = session.save(path)
            except (OSError, ValueError) as exc:
                self.notes.append(Text(f"Could not save the game to {path}: {os_reason(exc)}", style="bold red"))
                continue
            if written != path:
                self.notes.append(Text(f"{path} was changed by another session since this one read or wrote it: "
                                       "this game is saved beside it.", style="bold yellow"))
            self.autosave = written
            self.notes.append(Text(f"The game is saved to {written}", style="bold"))
            self.notes.append(Text(f"Resume it with: {resume_command(written)}", style="bold"))
            return True
        self.notes.append(Text("The game could not be saved anywhere.", style="bold red"))
        return False

    def say_saved(self) -> None:
        for note in self.notes:
            self.say(note, soft_wrap=True)

    def say(self, *objects: Any, **kwargs: Any) -> None:
        """Print, unless the terminal is gone (then printing fails: errno 5, EIO)."""
        if self.gone:
            return
        try:
            self.console.print(*objects, **kwargs)
        except OSError:
            self.hang_up()

    def hang_up(self) -> None:
        """The terminal is gone: print nothing more, and point standard output at the null
        device, so that Python's flush on exit does not fail on it."""
        self.gone = True
        with contextlib.suppress(OSError, ValueError, AttributeError, io.UnsupportedOperation):
            fd = sys.stdout.fileno()
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)

    def stop(self, why: str) -> None:
        """The program is ending (a signal, the terminal closed): no further signal may
        interrupt the save; then say why, if the terminal is still there."""
        for sig in (*CLOSING, signal.SIGINT):
            with contextlib.suppress(ValueError, OSError):  # not the main thread
                signal.signal(sig, signal.SIG_IGN)
        self.save()
        self.say(Text(why, style="bold"))
        self.say_saved()


def _choice(text: str, actions: Sequence[Action]) -> Action | str:
    """The action that typed text names (its number or its text), or what is wrong with it."""
    n = len(actions)
    sign, digits = (text[0], text[1:]) if text[0] in "+-" else ("", text)
    if digits.isnumeric():  # a number: any script's decimal digits (Nd) choose; other numerals do not
        odd = next((c for c in digits if not c.isdecimal()), None)
        if odd is not None:
            what = unicodedata.name(odd, f"U+{ord(odd):04X}").lower()
            return (f"{text if len(text) <= 12 else text[:9] + '...'!r} is not a number to choose by: "
                    f"{odd!r} ({what}) is not a decimal digit; type 1 to {n}.")
        zeros = next((k for k, c in enumerate(digits) if unicodedata.digit(c) != 0), len(digits))
        if len(digits) - zeros > len(str(n)) or sign == "-":
            shown = text if len(text) <= 12 else text[:9] + "..."
            return f"There is no action {shown}: choose 1 to {n}."
        number = int(digits)
        if not 1 <= number <= n:
            return f"There is no action {number}: choose 1 to {n}."
        return actions[number - 1]
    if len(text) > MAX_TYPED:  # the game would echo it back whole in its refusal
        return f"That is {len(text):,} characters: no action is that long."
    try:
        return Action.parse(text)
    except ActionParseError as exc:
        return str(exc)
