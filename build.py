#!/usr/bin/env python3
"""Build, serve and test the Harp site.

    python3 build.py                  build the publishable site into dist/
    python3 build.py serve [--port N] build, then serve dist/ on 127.0.0.1
    python3 build.py test [ARGS...]   install test tools, build, run pytest ARGS, mypy, ruff and Biome
    python3 build.py check [ARGS...]  the fast loop: the tests that need no browser and no build, mypy and ruff
                                      (and Biome, where npm has installed it)
    python3 build.py screenshots      take the README's pictures afresh into docs/screenshots/
    python3 build.py size             build, then print the bytes a first and a second visit transfer
    python3 build.py bench [OPTIONS]  build, then time the game in headless Chromium (--help: options)

This file is the one entry point, and holds only its command line. The
work is done by the modules of buildtools/, one job each (docs/design.md,
"The build"); tests and tools import from them, not from here:

    common.py          paths and small helpers every module shares
    site.py            build(): the complete site written into dist/
    pages.py           index.html and embed.html, from one source
    firstdeals.py      a first visit's deals, written into both pages
    help.py            the help pages, from one template, the rules and the prose
    markdown.py        the small Markdown of the help pages' prose, as HTML
    offline.py         icons, the web app manifest, the service worker
    wheel.py           the engine wheel
    stdlib.py          the trimmed standard library the pages can import, as
                       bytecode compiled by Pyodide itself (bytecode.mjs, in Node)
    snapshot.py        the interpreter module, keyed for the memory snapshots
    server.py          the development server (serve)
    sizes.py           what a first and a second visit transfer (size)
    testrun.py         the test command, its installers, the micropip test site (test)
    check.py           the developers' fast loop: no browser, no npm, no build (check)
    screenshots.py     the README's pictures, by the browser tests that take them (screenshots)
    bench.py           the timings (bench): its command line and the run
    bench_serving.py   the bench's copy of the site, served, beside bare Pyodide pages
    bench_chromium.py  the bench's visits and moves in headless Chromium
    bench_hint_time.py the bench's hint time: Hint pressed after a stock tap
    bench_moves.py     the bench's scripted line of taps and drags
    bench_figures.py   the bench's figures, their statistics and its report
    bench_browsers.py  the bench in Firefox ESR and WebKitGTK
    browsers.py        one interface to drive Firefox ESR and WebKitGTK (bench, tests/crossbrowser)
    probes.py          the scripts that read the page, shared by the bench and the browser tests

Standard library only, with the repository's own harp and harpui (imported
as the page does, for the help pages and the first deals), so it runs on a
fresh machine with nothing but Python 3.11+, Node.js and npm.
"""

from __future__ import annotations

import argparse
import sys

from buildtools.bench import bench
from buildtools.check import check
from buildtools.screenshots import screenshots
from buildtools.server import serve
from buildtools.site import build
from buildtools.sizes import size_report
from buildtools.testrun import test

__all__ = ["bench", "build", "check", "main", "screenshots", "serve", "size_report", "test"]


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen sub-command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command")
    serve_cmd = commands.add_parser("serve", help="build, then serve dist/")
    serve_cmd.add_argument("--port", type=int, default=8000)
    commands.add_parser("test", help="build and run the tests; extra args go to pytest")
    commands.add_parser("check",
                        help="the tests that need no browser and no build, mypy and ruff; extra args go to pytest")
    commands.add_parser("screenshots", help="take the README's pictures afresh into docs/screenshots/")
    commands.add_parser("size", help="build, then print what a first and a second visit transfer")
    commands.add_parser("bench", help="build, then time the game in headless Chromium; options: bench --help",
                        add_help=False)
    args, rest = parser.parse_known_args(argv)
    if rest and args.command not in ("test", "check", "bench"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "serve":
        serve(args.port)
        return 0
    if args.command == "test":
        return test(rest)
    if args.command == "check":
        return check(rest)
    if args.command == "screenshots":
        return screenshots()
    if args.command == "bench":
        return bench(rest)
    if args.command == "size":
        print(size_report(build()), end="")
        return 0
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
