"""Batch simulation, benchmarks and (later) tournaments."""
