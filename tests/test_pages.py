"""index.html and embed.html come from one source: templates at the root plus
the fragments in templates/, assembled by build.py (buildtools/pages.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from harpui.words import LANGUAGES

from buildtools.common import ROOT
from buildtools import firstdeals, pages


def ids(html: str) -> list[str]:
    return re.findall(r'\bid="([^"]+)"', html)


def test_built_pages_have_no_include_markers_left(site_dir: Path) -> None:
    for name in pages.PAGES:
        html = (site_dir / name).read_text(encoding="utf-8")
        assert "<!-- include:" not in html and "<!--#" not in html, name
        assert len(ids(html)) == len(set(ids(html))), f"{name}: an id twice"


def test_both_pages_share_the_board_and_loader(site_dir: Path) -> None:
    board = (pages.FRAGMENTS / "board.html").read_text(encoding="utf-8")
    for name in pages.PAGES:
        html = (site_dir / name).read_text(encoding="utf-8")
        for element_id in ("board", "stock-area", "foundations", "tableau", "loader", "loader-retry", "toast",
                           "status", "moves", "score", "clock", "passes", "deal-label", "game-name", "notice"):
            assert f'id="{element_id}"' in html, (name, element_id)
        assert ids(board) == [i for i in ids(html) if i in ids(board)], name


def test_each_page_has_its_toolbar_and_script(site_dir: Path) -> None:
    index = (site_dir / "index.html").read_text(encoding="utf-8")
    embed = (site_dir / "embed.html").read_text(encoding="utf-8")
    assert re.findall(r'data-action="(\w+)"', index) == ["undo", "hint", "finish", "new", "menu", "restart", "stats",
                                                          "settings", "help"]
    assert re.findall(r'data-action="(\w+)"', embed) == ["undo", "hint", "finish", "new"]
    assert 'popovertarget="tools-more"' in index and 'id="tools-more" popover' in index
    assert "tools-more" not in embed and "finish-cell" not in embed   # the embed's toolbar is one short row
    assert '<script type="py" src="./static/main.py" config="./pyscript.toml"></script>' in index
    assert '<script type="py" src="./static/embed.py" config="./pyscript.toml"></script>' in embed
    assert f'<script src="./static/embed-boot.js" data-languages="{" ".join(LANGUAGES)}"></script>' in embed
    assert "embed-boot" not in index
    for html in (index, embed):
        assert html.index('<meta charset="utf-8">') < 200
        assert '<script type="module" src="./vendor/pyscript/core.js"></script>' in html


def test_includes_indent_pick_and_refuse_unknown_fragments(tmp_path: Path) -> None:
    (tmp_path / "bar.html").write_text('<nav>\n  <button data-action="a">A</button>\n'
                                       '  <button data-action="b">B</button>\n</nav>\n')
    page = '<body>\n<!--# only in the template -->\n  <!-- include: bar.html pick="b a" -->\n</body>\n'
    assert pages.assemble(page, tmp_path) == ('<body>\n  <nav>\n    <button data-action="b">B</button>\n'
                                              '    <button data-action="a">A</button>\n  </nav>\n</body>\n')
    with pytest.raises(ValueError, match="no fragment 'nope.html'"):
        pages.assemble("<!-- include: nope.html -->\n", tmp_path)
    with pytest.raises(ValueError, match="no data-action c"):
        pages.assemble('<!-- include: bar.html pick="c" -->\n', tmp_path)


def test_the_page_templates_stay_at_the_root() -> None:
    for name in pages.PAGES:
        assert (ROOT / name).is_file(), name


def test_both_pages_carry_a_first_visits_deals_of_the_default_game(site_dir: Path) -> None:
    """static/early-board.js draws one of them on a first visit
    (buildtools/firstdeals.py); each is a deal the solver has certified."""
    import harp
    from harpui import winnable
    from harpui.settings import DEFAULT_SETTINGS

    found = [re.search(r'<script type="application/json" id="first-deals">(.*?)</script>',
                       (site_dir / name).read_text(encoding="utf-8"), re.S) for name in pages.PAGES]
    assert all(found), "each page has its first deals"
    data = json.loads(found[0].group(1))
    assert all(json.loads(each.group(1)) == data for each in found if each)
    game_id = DEFAULT_SETTINGS["game"]
    listed = (pages.ROOT / "static" / "winnable" / f"{game_id}.json").read_text(encoding="utf-8")
    certified = winnable.parse(listed, game_id)
    assert data["game"] == game_id and len(data["deals"]) == firstdeals.COUNT
    for deal in data["deals"]:
        g = harp.Game.from_code(deal["code"])
        assert (g.game_id, g.deal, g.view()["moves"]) == (game_id, deal["deal"], 0)
        assert g.deal in certified and g.code == harp.Game.new(game_id, deal=g.deal).code


def test_first_deals_are_written_once_and_safely_into_a_page() -> None:
    page = '<p></p>\n' + firstdeals.PLACEHOLDER + '\n'
    filled = firstdeals.fill_first_deals(page, {"deals": [{"title": "</script><b>"}]})
    assert filled.count("</script>") == 1 and "<\\/script>" in filled
    assert json.loads(filled.split('id="first-deals">')[1].split("</script>")[0]) == \
        {"deals": [{"title": "</script><b>"}]}
    assert firstdeals.fill_first_deals("<p></p>", {"deals": []}) == "<p></p>"
