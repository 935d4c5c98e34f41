#!/usr/bin/env python3
"""Rewrites docs/performance.md's tables from one `make bench` run, so they are never pasted by hand.

Usage: update-readme.py <bench output> <docs/performance.md> <commit> <load at start> <load at end>

The section between the two marker lines below is replaced by a line naming the run (commit, date, the load
average at its start and end, the cores) and the run's output as Benchmarks/run.sh printed it (bench.py's
table and notes, the sweep's and the matrix's tables). The rest of the file is left as it is. The new file is
written beside it and renamed over it, so an interrupted run leaves the old file whole.
"""
import datetime
import os
import sys

BEGIN = "<!-- make bench: begin (Benchmarks/update-readme.py writes this section from the run's output; do not edit) -->"
END = "<!-- make bench: end -->"


def main():
    if len(sys.argv) != 6:
        sys.exit("usage: update-readme.py <bench output> <docs/performance.md> <commit> <load at start> <load at end>")
    output_path, readme_path, commit, load_start, load_end = sys.argv[1:]
    with open(output_path, encoding="utf-8") as f:
        output = f.read().strip("\n")
    if "| stage" not in output:
        sys.exit(f"update-readme.py: {output_path} holds no bench table (the run failed?); the file is left as it is")
    with open(readme_path, encoding="utf-8") as f:
        readme = f.read()
    if readme.count(BEGIN) != 1 or readme.count(END) != 1 or readme.index(BEGIN) > readme.index(END):
        sys.exit(f"update-readme.py: {readme_path} needs one line '{BEGIN}' and, after it, one line '{END}' "
                 "around the performance tables; the file is left as it is")
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    head = (f"From `make bench` on {commit}, {date}, {os.cpu_count()} cores shared with other work "
            f"(1-minute load average {load_start} at the start, {load_end} at the end).")
    section = f"{BEGIN}\n{head}\n\n{output}\n{END}"
    before, rest = readme.split(BEGIN, 1)
    after = rest.split(END, 1)[1]
    temporary = readme_path + ".tmp-bench"
    with open(temporary, "w", encoding="utf-8") as f:
        f.write(before + section + after)
    os.replace(temporary, readme_path)
    print(f"update-readme.py: {readme_path}'s performance section rewritten from this run (git diff {readme_path})")


if __name__ == "__main__":
    main()
