"""The argument parser every `kozyr` command shares: a bad argument is one line and exit 2.

argparse's default prints the whole usage block before the error; scripts and
people both read one line better. Subparsers inherit the class, so one parser
at the top of the tree is enough.
"""
from __future__ import annotations

import argparse
from typing import NoReturn


class OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")
