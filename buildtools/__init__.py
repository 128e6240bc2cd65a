"""The build's modules, one job each; build.py at the repository root is the entry point
and lists them.

Standard library only, plus the project's own harp package (the help pages, the
first deals) and harpui's pure modules from static/ (the first deals, as the page
imports them).
"""
