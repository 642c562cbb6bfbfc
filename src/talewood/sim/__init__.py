"""Batch simulation, benchmarks, tournaments and the balance lab."""
