#!/usr/bin/env python3
"""Build, serve and test the Harp site.

    python3 build.py                  build the publishable site into dist/
    python3 build.py serve [--port N] build, then serve dist/ on 127.0.0.1
    python3 build.py test [ARGS...]   install test tools, build, run pytest ARGS and mypy
    python3 build.py size             build, then print the bytes a first and a second visit transfer
    python3 build.py bench [OPTIONS]  build, then time the game in headless Chromium (--help: options)

This file is the one entry point. The work is done by the modules of
buildtools/, one job each (docs/design.md, "The build"):

    common.py    paths and small helpers      wheel.py     the engine wheel
    site.py      build(): dist/ from sources  pages.py     index.html and embed.html from one board
    help.py      the help pages from prose    offline.py   icons, manifest, service worker
    server.py    the development server       sizes.py     what a visit transfers
    testrun.py   the test command, micropip   bench.py     the timings: first board, ready, moves

The names tests use (build.ROOT, build.build, build.serving, ...) are
re-exported here. Standard library only, so it runs on a fresh machine with
nothing but Python 3.11+, Node.js and npm.
"""

from __future__ import annotations

import argparse
import shutil  # re-exported: tests patch build.shutil.which
import sys

from buildtools.bench import bench
from buildtools.common import (
    DIST,
    ENGINE,
    LOCK_FILE,
    NODE_MODULES,
    PYODIDE_DIR,
    PYSCRIPT_DIST,
    ROOT,
    UI_PACKAGE,
    ZIP_DATE,
    files_under,
    project_metadata,
    run,
    write_zip,
)
from buildtools.offline import (
    ICON_CORNER,
    ICON_SVG,
    ICONS,
    MANIFEST,
    NOT_PRECACHED,
    SW_TEMPLATE,
    TEMPLATES,
    build_hash,
    precache_entries,
    precached_files,
    render_icons,
    rounded_svg,
    write_manifest,
    write_service_worker,
)
from buildtools.server import (
    MIME_TYPES,
    HeaderRule,
    SiteHandler,
    headers_for,
    make_server,
    netlify_header_rules,
    netlify_pattern,
    serve,
    serving,
)
from buildtools.site import (
    EDITOR_CHUNKS,
    PYODIDE_FILES,
    SITE_FILES,
    build,
    copy_site_files,
    ensure_node_modules,
    js_imports,
    npm_ci_needed,
    pyscript_runtime_files,
    vendor_runtime,
    zip_ui_package,
)
from buildtools.snapshot import BOOT_MODULE, BOOT_TEMPLATE, SNAPSHOT_WORKER, runtime_hash, write_boot_module
from buildtools.stdlib import STDLIB, recorded_modules, trimmed_stdlib, write_trimmed_stdlib
from buildtools.sizes import COMPRESSIBLE, size_report, transfer_size, visit_sizes
from buildtools.testrun import (
    APT_PACKAGES,
    MICROPIP_CACHE,
    MICROPIP_WHEELS,
    TEST_SITE,
    install_browsers,
    install_test_tools,
    micropip_test_site,
    micropip_wheels,
    pin_lock_files,
    sha256_of,
    test,
)
from buildtools.wheel import build_wheel, engine_sources, record_hash, wheel_file, wheel_metadata

__all__ = [
    "APT_PACKAGES", "BOOT_MODULE", "BOOT_TEMPLATE", "COMPRESSIBLE", "bench", "DIST", "EDITOR_CHUNKS", "ENGINE", "HeaderRule", "ICONS", "ICON_CORNER",
    "ICON_SVG", "MANIFEST", "MICROPIP_CACHE", "MICROPIP_WHEELS", "MIME_TYPES", "NODE_MODULES", "NOT_PRECACHED",
    "PYODIDE_DIR", "PYODIDE_FILES", "PYSCRIPT_DIST", "ROOT", "SITE_FILES", "SNAPSHOT_WORKER", "STDLIB", "SW_TEMPLATE", "SiteHandler",
    "TEMPLATES", "UI_PACKAGE", "ZIP_DATE", "build", "build_hash", "build_wheel", "copy_site_files",
    "engine_sources", "ensure_node_modules", "files_under", "headers_for", "install_browsers",
    "LOCK_FILE", "install_test_tools", "js_imports", "main", "make_server", "micropip_test_site", "micropip_wheels",
    "netlify_header_rules", "netlify_pattern", "npm_ci_needed", "pin_lock_files", "precache_entries",
    "precached_files", "project_metadata", "pyscript_runtime_files", "record_hash", "render_icons",
    "recorded_modules", "rounded_svg", "run", "runtime_hash", "serve", "serving", "sha256_of", "shutil", "size_report", "test", "transfer_size",
    "vendor_runtime", "visit_sizes", "wheel_file", "wheel_metadata", "write_manifest", "trimmed_stdlib", "write_boot_module", "write_service_worker", "write_trimmed_stdlib",
    "write_zip", "zip_ui_package",
]


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run the chosen sub-command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command")
    serve_cmd = commands.add_parser("serve", help="build, then serve dist/")
    serve_cmd.add_argument("--port", type=int, default=8000)
    commands.add_parser("test", help="build and run the tests; extra args go to pytest")
    commands.add_parser("size", help="build, then print what a first and a second visit transfer")
    commands.add_parser("bench", help="build, then time the game in headless Chromium; options: bench --help",
                        add_help=False)
    args, rest = parser.parse_known_args(argv)
    if rest and args.command not in ("test", "bench"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "serve":
        serve(args.port)
        return 0
    if args.command == "test":
        return test(rest)
    if args.command == "bench":
        return bench(rest)
    if args.command == "size":
        print(size_report(build()), end="")
        return 0
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
