"""harpui.query against the standard library's parse_qs, which it stands in for."""

from __future__ import annotations

import urllib.parse

from hypothesis import given, strategies as st

from harpui.query import parse_query, unquote_plus

# Query text as a page's URL may carry it: the separators, escapes (whole,
# cut short, or bytes that are not UTF-8), plus signs, letters, and
# characters outside ASCII.
PIECES = st.sampled_from(["&", "=", "+", "%", "%2", "%20", "%3D", "%26", "%C3%A9", "%E2%82", "%ff", "%zz",
                          "a", "B", "code", "EH1-N-AAAAAAF", "é", "☃", " ", "?", "#"])
QUERIES = st.lists(PIECES, max_size=14).map("".join)


@given(QUERIES, st.booleans())
def test_reads_a_query_as_parse_qs_does(query: str, keep_blank_values: bool) -> None:
    assert parse_query(query, keep_blank_values) == urllib.parse.parse_qs(query, keep_blank_values=keep_blank_values)


@given(QUERIES)
def test_unquotes_as_unquote_plus_does(text: str) -> None:
    assert unquote_plus(text) == urllib.parse.unquote_plus(text)


def test_examples() -> None:
    assert parse_query("code=EH1-N-AAAAAAF&x=a+b%21") == {"code": ["EH1-N-AAAAAAF"], "x": ["a b!"]}
    assert parse_query("a&b=&c=1&c=2") == {"c": ["1", "2"]}
    assert parse_query("a&b=&c=1", keep_blank_values=True) == {"a": [""], "b": [""], "c": ["1"]}
    assert parse_query("origin=https%3A%2F%2Fexample.org%3A8443") == {"origin": ["https://example.org:8443"]}
