"""Benchmarks (not tests): ``python -m benchmarks.engine``."""
