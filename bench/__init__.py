"""Benchmarks (issue 10): see bench/README.md."""
