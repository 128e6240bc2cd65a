"""The game in WebKit (Debian's WebKitGTK MiniBrowser, through
WebKitWebDriver): see visitkit.run_scenario."""

from pathlib import Path

from visitkit import run_scenario


def test_a_players_visits_in_webkit(site_dir: Path) -> None:
    run_scenario("webkit", site_dir)
