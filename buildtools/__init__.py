"""The build's modules, one job each; build.py at the repository root is the entry point.

Standard library only (plus the project's own harp package, for the help pages).
"""
