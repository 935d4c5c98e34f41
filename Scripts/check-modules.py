#!/usr/bin/env python3
"""Checks the module map against Package.swift (run by Scripts/lint.sh, so `make lint` and CI fail on a break).

Reads the targets from `swift package dump-package`, in the order Package.swift declares them, and the `import` lines
of each target's Swift files under Sources/:
  - order: a Swift module under Sources/ imports only modules declared before it (the modules are declared lowest
    first, so no module imports one above it);
  - declared: every package module a Swift module imports is one of its declared dependencies, and every declared
    dependency is imported (a dependency nothing imports is stale: it only slows the build and misleads a reader);
  - folders: every folder directly under Sources/ and Tests/ that holds code is a declared target's, so a folder left
    behind by a rename or a rebase cannot silently drop its code or its tests.
"""
import json, os, re, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(root)
package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True, capture_output=True, text=True).stdout)
targets = package["targets"]
CODE = (".swift", ".c", ".h", ".modulemap")
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal)\s+)?import\s+(?:(?:struct|class|enum|func|var|protocol|typealias)\s+)?(\w+)", re.M)


def path_of(target):
    if target.get("path"):
        return target["path"].rstrip("/")
    return ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]


def files(folder, suffixes):
    for base, _, names in os.walk(folder):
        for name in names:
            if name.endswith(suffixes):
                yield os.path.join(base, name)


def dependencies(target):
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                yield dependency[kind][0]


names = {t["name"] for t in targets}
swift_modules = [t for t in targets if path_of(t).startswith("Sources/") and t["type"] in ("regular", "executable")
                 and any(files(path_of(t), (".swift",)))]
rank = {t["name"]: i for i, t in enumerate(swift_modules)}
problems = []
for target in swift_modules:
    name, declared = target["name"], set(dependencies(target))
    imported = {}
    for path in sorted(files(path_of(target), (".swift",))):
        for module in IMPORT.findall(open(path, encoding="utf-8").read()):
            if module in names and module != name:
                imported.setdefault(module, path)
    for module, path in sorted(imported.items()):
        if module in rank and rank[module] > rank[name]:
            problems.append(f"{path}: {name} imports {module}, which Package.swift declares after it (above it in the map)")
        if module not in declared:
            problems.append(f"{path}: {name} imports {module} without declaring the dependency in Package.swift")
    for module in sorted(declared - set(imported)):
        if module in names:
            problems.append(f"Package.swift: {name} declares a dependency on {module} but no file of it imports {module}")

declared_paths = {path_of(t) for t in targets}
for top in ("Sources", "Tests"):
    for entry in sorted(os.listdir(top)):
        folder = f"{top}/{entry}"
        if os.path.isdir(folder) and folder not in declared_paths and any(files(folder, CODE)):
            problems.append(f"{folder}: holds code but is no target of Package.swift (move its files into a target's folder)")

if problems:
    print("\n".join(problems))
    print(f"modules: {len(problems)} problems (above); the Swift modules are declared lowest first in Package.swift")
    sys.exit(1)
print(f"modules: {len(swift_modules)} Swift modules under Sources/, each importing only modules declared before it and"
      " exactly its declared dependencies; every folder of Sources/ and Tests/ is a target")
