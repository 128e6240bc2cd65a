"""The game in Firefox ESR (Debian's firefox-esr, through WebDriver BiDi):
see visitkit.run_scenario."""

from pathlib import Path

from visitkit import run_scenario


def test_a_players_visits_in_firefox(site_dir: Path) -> None:
    run_scenario("firefox", site_dir)
