"""Benchmarks: python -m bench runs them all and prints median figures."""
