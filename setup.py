"""The build: everything is in pyproject.toml but the C extensions, which mypyc makes from the modules
`talewood.compiled.GROUPS` names (the engine, three games' rules, the bots, the batch loop, the encoders;
docs/architecture.md, Speed). With TALEWOOD_PURE_PYTHON=1 nothing is compiled and the same modules run
as Python.

Quick to build, quicker to build again: each group is a shared library of its own (mypyc's separate
compilation), the groups compile in parallel, and an extension whose build in the source tree is newer
than its generated C (mypyc rewrites a C file only when it changes) is reused, not compiled again — so
adding an extra (`pip install -e '.[rl]'`) does not rebuild what did not change. The build leaves a record of
the sources it compiled (talewood/compiled_sources.json), by which the package knows its extensions are
current (talewood/compiled.py)."""

import json
import os
import shutil
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))
from talewood.compiled import GROUPS, RECORD, fingerprint, pure

# what only writes the package's metadata (pip asks for it before it builds): nothing to compile
METADATA_ONLY = {"egg_info", "dist_info"}


def compile_here() -> bool:
    command = next((arg for arg in sys.argv[1:] if not arg.startswith("-")), None)
    return not pure() and command not in METADATA_ONLY


BUILT_FROM: dict[str, str] = {}


def extensions() -> list[Extension]:
    from mypyc.build import mypycify

    groups = [([os.path.join("src", *name.split(".")) + ".py" for name in names], group)
              for group, names in GROUPS.items()]
    paths = [path for files, _ in groups for path in files]
    # what each module is built from, taken as mypyc reads it (an edit during the build is not recorded)
    BUILT_FROM.update((name, fingerprint(os.path.join("src", *name.split(".")) + ".py"))
                      for names in GROUPS.values() for name in names)
    built: list[Extension] = mypycify(["--cache-dir", os.path.join("build", "mypyc-cache"), *paths],
                                      opt_level="3", separate=groups)
    for extension in built:
        extension.optional = True     # no C compiler: the install goes on, and the modules run as Python
    # the largest first (the Trial's and ThreeTale's rules, 27-31 MB of C each), so that the parallel build
    # does not end with one core compiling the largest alone while the other waits
    built.sort(key=lambda extension: -sum(os.path.getsize(source) for source in extension.sources
                                          if os.path.exists(source)))
    return built


class BuildUnlessBuilt(build_ext):
    """build_ext, in parallel, reusing an extension already built in the source tree after its sources;
    then it records what each compiled module was built from (talewood/compiled.py reads it)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1
        self.built: set[str] = set()

    def run(self) -> None:
        super().run()
        self.record()

    def record(self) -> None:
        """The SHA-256 of the source of every module whose extension and group library were both built now
        (a module whose build failed is left out: it runs as Python, and so, then, do the others), written
        into the package being built and into the source tree (an editable install runs from there)."""
        record = {}
        for group, names in GROUPS.items():
            if f"{group}__mypyc" not in self.built:
                continue
            for name in names:
                if name in self.built:
                    record[name] = BUILT_FROM[name]
        text = json.dumps(record, indent=1, sort_keys=True) + "\n"
        source_package = self.get_finalized_command("build_py").get_package_dir("talewood")
        for folder in {os.path.join(self.build_lib, "talewood"), source_package}:
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, RECORD), "w", encoding="utf-8") as file:
                file.write(text)

    def build_extension(self, ext: Extension) -> None:
        self._build_or_reuse(ext)
        self.built.add(ext.name)

    def _build_or_reuse(self, ext: Extension) -> None:
        target = self.get_ext_fullpath(ext.name)
        built = self._get_inplace_equivalent(self.get_finalized_command("build_py"), ext)[0]
        if not self.force and os.path.exists(built) and os.path.abspath(built) != os.path.abspath(target):
            newest = max(os.stat(path).st_mtime for path in [*ext.sources, *ext.depends] if os.path.exists(path))
            if os.stat(built).st_mtime >= newest:
                # still what its sources make: dated now, as if built again, and copied with that time, so
                # that setuptools' copy back into the source tree sees the same file and skips it
                os.utime(built)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copy2(built, target)
                return
        super().build_extension(ext)


setup(ext_modules=extensions() if compile_here() else [], cmdclass={"build_ext": BuildUnlessBuilt})
