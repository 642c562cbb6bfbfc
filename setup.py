"""The build: everything is in pyproject.toml but the C extensions, which mypyc makes from the modules
`talewood.compiled.COMPILED` names (the observation encoders; docs/rl.md, Speed). With
TALEWOOD_PURE_PYTHON=1 nothing is compiled and the same modules run as Python."""

import os
import sys

from setuptools import setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))
from talewood.compiled import COMPILED, pure

ext_modules = []
if not pure():
    from mypyc.build import mypycify

    ext_modules = mypycify([os.path.join("src", *name.split(".")) + ".py" for name in COMPILED], opt_level="3")
    for extension in ext_modules:
        extension.optional = True     # no C compiler: the install goes on, and the modules run as Python

setup(ext_modules=ext_modules)
