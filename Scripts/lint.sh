#!/usr/bin/env bash
# `make lint`: `swift format lint` (the toolchain's swift-format) with the committed .swift-format, clean or it fails.
#
# The configuration turns off the rules the code deliberately does not follow: several short statements on one
# line (DoNotUseSemicolons), `let a = 1, b = 2` (OneVariableDeclarationPerLine), imports grouped rather than
# sorted (OrderedImports: re-exports first), related enum cases on one line (OneCasePerLine), names of a
# formula's quantities or of a fixed-point format (`L`, `W`, `size26_6`: AlwaysUseLowerCamelCase), and font
# units written ungrouped as the font's tables, fc-query and ttx print them, so they compare digit for digit
# (GroupNumericLiterals).
#
# swift-format's whitespace findings (its pretty printer's: Indentation, AddLines, RemoveLine, Spacing,
# TrailingComma, LineLength …) cannot be turned off in a configuration, and the code's layout is not the pretty
# printer's (continuation lines aligned under their opening bracket, long lines where a table reads better), so
# they are left out here: reformatting every file would bury the history. Every rule finding counts.
set -euo pipefail
cd "$(dirname "$0")/.."
whitespace='\[(Indentation|AddLines|RemoveLine|Spacing|SpacingCharacter|TrailingComma|TrailingWhitespace|LineLength|EndOfLineComment)\]'
findings="$(swift format lint --parallel --configuration .swift-format --recursive \
    Package.swift Sources Tests Benchmarks Examples Plugins 2>&1 | grep -vE "$whitespace" || true)"
if [ -n "$findings" ]; then
    echo "$findings"
    echo "swift format lint: $(grep -c 'warning:' <<<"$findings") findings (above); fix them, or turn a rule the code deliberately does not follow off in .swift-format (and say why in Scripts/lint.sh)"
    exit 1
fi
echo "swift format lint: clean"
# The module map: no Swift module imports one declared after it in Package.swift, each imports exactly its declared
# dependencies, and every folder of Sources/ and Tests/ holding code is a target (Scripts/check-modules.py).
python3 Scripts/check-modules.py
# The snapshot store and the modules below it (Support, Imaging; the run's bookkeeping is the store's) name no tool
# and word no failure: the store returns an outcome (SnapshotFailure's values) and its caller gives the words (a
# SnapshotWording: SnapshotMessages' FailureText, above the store), so below SnapshotMessages no module imports it,
# spells a labelsnap command, or writes a sentence of the failure message. Nor does any read the process environment: the entry point (the assertion's SnapshotContext)
# reads it once and passes it down, so an injected one (withSnapshotTesting(environment:)) is the one obeyed.
below="Sources/SnapshotStore Sources/Imaging Sources/Support"
code() { grep -rnE "$1" $below --include='*.swift' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true; }
imported="$(code '^[[:space:]]*(@testable[[:space:]]+)?import[[:space:]]+SnapshotMessages\b')"
named="$(code '"[^"]*labelsnap [a-z]')"
worded="$(code '"[^"]*(does not match its reference|No reference was found|Artifacts:|Accept the actual value|Record mode is|Record mode \\"|was not checked|Artifact not written|Failure record not written|re-record:)')"
environment="$(code 'ProcessInfo\.processInfo\.environment|getenv\(|\benviron\b')"
if [ -n "$imported$named$worded$environment" ]; then
    printf '%s\n' "$imported" "$named" "$worded" "$environment" | sed '/^$/d'
    echo "layering: at or below SnapshotStore a module imports SnapshotMessages, spells a labelsnap command or a failure message's"
    echo "  sentence, or reads the environment; put the words in SnapshotMessages (FailureText, SnapshotCommand), give the store"
    echo "  the values they are made of, and pass the environment down from the entry point"
    exit 1
fi
echo "layering: no failure wording, labelsnap command, SnapshotMessages import or environment read at or below SnapshotStore"
# Only the entry points read the process environment: the assertions' SnapshotContext (through ProcessEnvironment),
# labelsnap (commandEnvironment, once per command), and the process-wide settings DESIGN.md lists ("Where the
# environment is read": LABELSNAP_SYSTEM_FONT where a Font.system is made, fontconfig's own variables in its message).
# Every other module takes the environment as a parameter, so an injected one is the one obeyed.
entries='^Sources/(LabelSnapshotTesting/ProcessEnvironment|LabelSnapCLI/CommandEnvironment|Typesetting/SystemFont|Typesetting/FontFile)\.swift:'
readers="$(grep -rnE 'ProcessInfo\.processInfo\.environment|getenv\(|\benviron\b' Sources --include='*.swift' \
    | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' | grep -vE "$entries" || true)"
if [ -n "$readers" ]; then
    echo "$readers"
    echo "environment: a module below the entry points reads the process environment; take it as a parameter and pass what"
    echo "  the entry read (SnapshotContext.environment in the assertions, commandEnvironment in labelsnap)"
    exit 1
fi
echo "environment: read at the entry points only"
