"""The README's `>>>` examples run as doctests, so the front page cannot drift from the code.

The README is the front page (issue 27): its three examples (the engine, a ladder and a sequential
test, your own bot). The tours it held before live on the docs pages, whose examples run in
tests/test_docs.py. Its two set-up commands are the ones .ci/run runs.
"""
import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def test_readme_examples_run() -> None:
    failures, tried = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert tried >= 15
    assert failures == 0


def test_the_front_page_is_short_and_its_links_resolve() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text)
    assert links and all((ROOT / link).is_file() for link in links if "://" not in link), links


def test_ci_runs_the_readmes_set_up_commands() -> None:
    """The README's two commands are what .ci/run runs (the test one) and what a user types."""
    text = README.read_text(encoding="utf-8")
    commands = re.findall(r"```\n(pip install [^\n]+)\n```", text)
    assert commands == ['pip install . && kozyr ladder 3 2 --deals 20000',
                        'pip install ".[test,rl,dask,tune,train]" && python -m pytest -q']
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'pip install -q ".[test,rl,dask,tune,train]"' in ci and "python -m pytest -q" in ci
