"""The build: everything is in pyproject.toml but the C extensions, which mypyc makes from the modules
`talewood.compiled.GROUPS` names (the engine, three games' rules, the bots, the batch loop, the encoders;
docs/architecture.md, Speed). With TALEWOOD_PURE_PYTHON=1 nothing is compiled and the same modules run
as Python.

Quick to build, quicker to build again: each group is a shared library of its own (mypyc's separate
compilation), the groups compile in parallel, and an extension whose build in the source tree is newer
than its generated C (mypyc rewrites a C file only when it changes) is reused, not compiled again — so
adding an extra (`pip install -e '.[rl]'`) does not rebuild what did not change."""

import os
import shutil
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))
from talewood.compiled import GROUPS, pure

# what only writes the package's metadata (pip asks for it before it builds): nothing to compile
METADATA_ONLY = {"egg_info", "dist_info"}


def compile_here() -> bool:
    command = next((arg for arg in sys.argv[1:] if not arg.startswith("-")), None)
    return not pure() and command not in METADATA_ONLY


def extensions() -> list[Extension]:
    from mypyc.build import mypycify

    groups = [([os.path.join("src", *name.split(".")) + ".py" for name in names], group)
              for group, names in GROUPS.items()]
    paths = [path for files, _ in groups for path in files]
    built: list[Extension] = mypycify(["--cache-dir", os.path.join("build", "mypyc-cache"), *paths],
                                      opt_level="3", separate=groups)
    for extension in built:
        extension.optional = True     # no C compiler: the install goes on, and the modules run as Python
    return built


class BuildUnlessBuilt(build_ext):
    """build_ext, in parallel, reusing an extension already built in the source tree after its sources."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def build_extension(self, ext: Extension) -> None:
        target = self.get_ext_fullpath(ext.name)
        built = self._get_inplace_equivalent(self.get_finalized_command("build_py"), ext)[0]
        if not self.force and os.path.exists(built) and os.path.abspath(built) != os.path.abspath(target):
            newest = max(os.stat(path).st_mtime for path in [*ext.sources, *ext.depends] if os.path.exists(path))
            if os.stat(built).st_mtime >= newest:
                # still what its sources make: dated now, as if built again (compiled.py compares the .py
                # files' times with their extensions'), and copied with that time, so that setuptools'
                # copy back into the source tree sees the same file and skips it
                os.utime(built)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copy2(built, target)
                return
        super().build_extension(ext)


setup(ext_modules=extensions() if compile_here() else [], cmdclass={"build_ext": BuildUnlessBuilt})
