# Sourced by the fuzz scripts: the package's C targets a fuzz module needs, built for libFuzzer + ASan.
#   fuzz_c_targets OUT NAME…  compiles every .c under Sources/NAME to OUT/NAME-*.o (so a new C file is linked
#   without editing a script) and writes OUT/module/NAME/module.modulemap over Sources/NAME/include, as
#   SwiftPM does for a C target; prints the -I flags that find those modules.
# Needs CLANG. Libraries the targets link (Package.swift's linkerSettings) are named by the caller.
fuzz_c_targets() {
    out=$1; shift
    for name in "$@"; do
        mkdir -p "$out/module/$name"
        printf 'module %s {\n    umbrella "%s"\n    export *\n}\n' "$name" "$PWD/Sources/$name/include" \
            > "$out/module/$name/module.modulemap"
        for c in $(find "Sources/$name" -name '*.c' | sort); do
            "$CLANG" -c -g -O1 -fsanitize=fuzzer-no-link,address -I"Sources/$name/include" "$c" \
                -o "$out/$name-$(basename "$c" .c).o" >&2 || return 1
        done
        printf -- '-I %s ' "$out/module/$name"
    done
}
