"""``python -m harp``: show a deal, or play one in the terminal."""

from __future__ import annotations

from .cli import main

raise SystemExit(main())
