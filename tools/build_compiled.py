"""An optional compiled build of boardrules (issue 27): the hot packages compiled by mypyc,
installed into a venv of its own. The pure-Python package stays the default; this script never
writes into ``src/`` (it builds from a copy of the tree).

    python3 tools/build_compiled.py [--venv /tmp/mypyc-venv] [--wheel-dir DIR] [--list]

What is compiled is ``COMPILED`` below (modules or folders under ``src/boardrules``); the rest,
Mage Knight among it, stays pure Python in the same install (see docs/compiled.md for why).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "boardrules"
# the hot paths of a game played out: the engine core, the agents that pick the moves, four games
COMPILED = (
    "engine",
    "agents/greedy.py",
    "games/meeples_and_monsters",
    "games/small_world",
    "games/heroscape",
    "games/heroes_iv",
    # Mage Knight's game class only: it subclasses the engine's StepGame, and an interpreted
    # class cannot inherit from a compiled one (the run-time failure of the first attempt)
    "games/mage_knight/game.py",
)
# left pure: the errors (sim and web subclass them); the session (its generic slotted dataclass
# Step fails at import when compiled: type '__dict__' not writable); the position formats (cold; their
# subclasses narrow an attribute's type, which mypyc refuses); Heroes IV's battle refusals
# (cold; ``name not in (*ACTING, CHOOSING)`` crashes the compiler), Heroscape's flying (its
# ``tuple(x // n for x in reversed(trail))`` crashes it too) with the routes it subclasses; the games' state (mypyc refuses
# ``Player.__slots__``, which their to_json reads)
EXCLUDED = ("engine/errors.py", "engine/session.py", "engine/positions.py", "games/*/positions.py", "games/*/state.py",
            "games/heroes_iv/battle_explain.py", "games/heroscape/flying.py", "games/heroscape/routes.py",
            # and what a played-out game does not run hot: loading the content, the views, texts,
            # scenes, explanations and research spaces (their module-level tables made a C file
            # of 100 MB that gcc took over a quarter of an hour on)
            *(f"*/{name}.py" for name in ("content", "content_model", "tables", "views", "standing", "scene",
                                          "render", "observation", "labels", "frame", "frames", "explain",
                                          "catalogue", "action_space", "spaces")))
BUILD_REQUIREMENTS = ("mypy[mypyc]>=1.8", "setuptools>=68", "wheel")

SETUP_PY = """\
from setuptools import setup
from mypyc.build import mypycify

setup(ext_modules=mypycify({paths!r}, opt_level={opt!r}, multi_file=True, verbose=False),
      options={{"build_ext": {{"parallel": {jobs}}}}})
"""


def compiled_files() -> list[str]:
    """The .py files that mypyc compiles, relative to the build tree's root."""
    files: list[Path] = []
    for entry in COMPILED:
        path = PACKAGE / entry
        if not path.exists():
            raise SystemExit(f"build_compiled: {entry} is listed in COMPILED but {path} does not exist")
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    files = [f for f in files if not any(f.relative_to(PACKAGE).match(x) for x in EXCLUDED)]
    return [str(f.relative_to(ROOT)) for f in files]


def run(cmd: list[str], cwd: Path | None = None) -> None:
    print("+", " ".join(cmd), flush=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # never the source tree
    if subprocess.run(cmd, cwd=cwd, env=env).returncode != 0:
        raise SystemExit(f"build_compiled: failed: {' '.join(cmd)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--venv", default="/tmp/mypyc-venv", help="the venv to install the compiled build into")
    ap.add_argument("--wheel-dir", help="also keep the built wheel in this folder")
    ap.add_argument("--opt", default="2", choices="0123", help="the C compiler's optimisation level")
    ap.add_argument("--jobs", type=int, default=2, help="C files compiled at once")
    ap.add_argument("--list", action="store_true", help="print the compiled modules and stop")
    args = ap.parse_args()
    files = compiled_files()
    if args.list:
        print("\n".join(files))
        return 0
    target = Path(args.venv)
    if target.resolve() == (ROOT / ".venv").resolve():
        raise SystemExit("build_compiled: give a venv of its own, not the project's .venv")
    py = target / "bin" / "python"
    if not py.exists():
        venv.create(target, with_pip=True)
    run([str(py), "-m", "pip", "install", "-q", *BUILD_REQUIREMENTS])
    with tempfile.TemporaryDirectory(prefix="boardrules-mypyc-") as tmp:
        tree = Path(tmp) / "boardrules"
        # a copy of what the package is built from: the .so files and build/ stay out of src/
        tree.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, tree / name)
        shutil.copytree(ROOT / "src", tree / "src",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"))
        (tree / "setup.py").write_text(SETUP_PY.format(paths=files, opt=args.opt, jobs=args.jobs))
        wheels = Path(args.wheel_dir).resolve() if args.wheel_dir else Path(tmp) / "wheels"
        run([str(py), "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "-w", str(wheels), "."], cwd=tree)
        wheel = max(wheels.glob("boardrules-*.whl"), key=lambda w: w.stat().st_mtime)
        run([str(py), "-m", "pip", "install", "-q", "--force-reinstall", "--no-deps", str(wheel)])
        run([str(py), "-m", "pip", "install", "-q", str(wheel)])  # the runtime dependencies
    check = ("import boardrules.engine.game as g, boardrules.games.mage_knight as mk; "
             "print('compiled:', g.__file__); print('pure:', mk.__file__)")
    run([str(py), "-c", check], cwd=Path(tempfile.gettempdir()))
    print(f"the compiled build is installed in {target}; run it with {py}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
